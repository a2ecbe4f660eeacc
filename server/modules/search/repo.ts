import { sql } from 'kysely';
import type { DbHandle } from '../../db/connect.js';

/** A paper's searchable columns, as stored: authors and the summary (and its Arabic) as JSON text. */
export interface PaperTextRow {
  id: number;
  title: string;
  abstract: string;
  authors: string;
  summary: string | null;
  generated_by: 'extractive' | 'llm' | null;
  abstract_translation: string | null;
  summary_ar: string | null;
  /** The Arabic names of its categories, joined by spaces; null without any. */
  category_names_ar: string | null;
}

/** One entry of the log of papers whose searchable text changed. */
export interface TextChange {
  seq: number;
  paperId: number;
}

export function createSearchRepo({ db, dialect }: DbHandle) {
  const larger = dialect === 'postgres' ? 'greatest' : 'max';
  const joined = dialect === 'postgres' ? sql.raw('string_agg') : sql.raw('group_concat');
  const categoryNamesAr = sql<
    string | null
  >`(select ${joined}(c.name_ar, ' ') from paper_categories pc join categories c on c.id = pc.category_id where pc.paper_id = p.id)`;
  const paperTexts = () =>
    db
      .selectFrom('papers as p')
      .leftJoin('summaries as s', 's.paper_id', 'p.id')
      .select([
        'p.id',
        'p.title',
        'p.abstract',
        'p.authors',
        's.data as summary',
        's.generated_by',
        'p.abstract_translation',
        's.data_ar as summary_ar',
        categoryNamesAr.as('category_names_ar'),
      ])
      // A paper an admin deleted leaves the index (its change is logged) and comes back once restored.
      .where('p.deleted_at', 'is', null);

  return {
    /** The searchable text of up to `limit` papers with an id above `afterId`, in order of id. */
    async paperTextsAfter(afterId: number, limit: number): Promise<PaperTextRow[]> {
      return paperTexts().where('p.id', '>', afterId).orderBy('p.id').limit(limit).execute();
    },

    /** The searchable text of those of the papers that exist. */
    async paperTextsOf(ids: number[]): Promise<PaperTextRow[]> {
      return ids.length === 0 ? [] : paperTexts().where('p.id', 'in', ids).execute();
    },

    /** The number of the latest change logged, kept or pruned since; 0 before any. */
    async latestTextChange(): Promise<number> {
      const [latest, stats] = await Promise.all([
        db
          .selectFrom('search_text_changes')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirst(),
        db.selectFrom('search_stats').select('text_changes_pruned_to').where('id', '=', 1).executeTakeFirstOrThrow(),
      ]);
      return Math.max(Number(latest?.seq ?? 0), Number(stats.text_changes_pruned_to));
    },

    /** Up to `limit` changes after `seq`, in order, and the last change removed from the log. */
    async textChangesAfter(seq: number, limit: number): Promise<{ changes: TextChange[]; prunedTo: number }> {
      const [rows, stats] = await Promise.all([
        db
          .selectFrom('search_text_changes')
          .select(['seq', 'paper_id'])
          .where('seq', '>', seq)
          .orderBy('seq')
          .limit(limit)
          .execute(),
        db.selectFrom('search_stats').select('text_changes_pruned_to').where('id', '=', 1).executeTakeFirstOrThrow(),
      ]);
      return {
        changes: rows.map((row) => ({ seq: Number(row.seq), paperId: row.paper_id })),
        prunedTo: Number(stats.text_changes_pruned_to),
      };
    },

    /** Removes the changes up to `seq` from the log, and says so to processes that have not read them. */
    async pruneTextChanges(seq: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('search_text_changes').where('seq', '<=', seq).execute();
        await trx
          .updateTable('search_stats')
          .set((eb) => ({
            text_changes_pruned_to: eb.fn<number>(larger, [eb.ref('text_changes_pruned_to'), eb.val(seq)]),
          }))
          .where('id', '=', 1)
          .execute();
      });
    },

    /** A paper's id and title, by internal id or arXiv id. */
    async findPaper(
      ref: { id: number } | { arxivId: string },
    ): Promise<{ id: number; title: string; abstract: string } | undefined> {
      const query = db.selectFrom('papers').select(['id', 'title', 'abstract']).where('deleted_at', 'is', null);
      return (
        'id' in ref ? query.where('id', '=', ref.id) : query.where('arxiv_id', '=', ref.arxivId)
      ).executeTakeFirst();
    },

    /** The ids of the papers of a category, in no order. */
    async paperIdsInCategory(categoryId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('paper_categories')
        .select('paper_id')
        .where('category_id', '=', categoryId)
        .execute();
      return rows.map((row) => row.paper_id);
    },

    /** Each paper's id and arXiv primary category, in no order. */
    async primaryCategories(): Promise<[number, string][]> {
      const rows = await db
        .selectFrom('papers')
        .select(['id', 'primary_category'])
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => [row.id, row.primary_category]);
    },

    /** Bumped by the database on every change of stored vectors. */
    async vectorsVersion(): Promise<number> {
      const row = await db.selectFrom('search_stats_now').select('vectors_version').executeTakeFirst();
      return row?.vectors_version ?? 0;
    },

    /** How many papers have a vector made by `model`. */
    async embeddedCount(model: string): Promise<number> {
      const row = await db
        .selectFrom('paper_embeddings')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('model', '=', model)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
