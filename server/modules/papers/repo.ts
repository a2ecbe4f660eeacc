import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import { retriedTransaction } from '../../db/retry.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database, NewPaper, PaperRow, SummariesTable } from '../../db/schema.js';
import { newCategoryRows } from '../categories/shipped-arabic-names.js';

/** A position in the newest-first listing: (submitted_date, id) descending. */
export interface ListingKey {
  submitted_date: string;
  id: number;
}

export interface NewPaperWithExtras {
  paper: NewPaper;
  summary: Pick<SummariesTable, 'data' | 'generated_by' | 'model'> | null;
  categories: string[];
}

const cardColumns = [
  'id',
  'arxiv_id',
  'version',
  'title',
  'abstract',
  'abstract_translation',
  'pdf_url',
  'submitted_date',
  'authors',
  'primary_category',
] as const;
export type PaperCardRow = Pick<PaperRow, (typeof cardColumns)[number]> & {
  /**
   * The paper's categories joined by CATEGORY_SEPARATOR, in no order, each its name and Arabic name
   * (empty without one) joined by ARABIC_NAME_SEPARATOR; null without any.
   */
  category_names: string | null;
};

/** Unit separator: never part of a category name, so names can travel joined in one column. */
export const CATEGORY_SEPARATOR = '\u001f';
/** Record separator: between a category's name and its Arabic name, for the same reason. */
export const ARABIC_NAME_SEPARATOR = '\u001e';

export function createPapersRepo({ db, dialect }: { db: Kysely<Database>; dialect: DialectName }) {
  // Categories ride along with each paper row, so a page or a paper is one round trip to the database;
  // they are sorted in JS, which costs less than an ordered aggregate per row.
  const categoryNames =
    dialect === 'postgres'
      ? sql<
          string | null
        >`(select string_agg(c.name || chr(30) || coalesce(c.name_ar, ''), chr(31)) from paper_categories pc join categories c on c.id = pc.category_id where pc.paper_id = papers.id)`
      : sql<
          string | null
        >`(select group_concat(c.name || char(30) || coalesce(c.name_ar, ''), char(31)) from paper_categories pc join categories c on c.id = pc.category_id where pc.paper_id = papers.id)`;
  // A paper an admin deleted is kept for a restore, and shown to no reader (see deletedPaperCount).
  const cards = () =>
    db
      .selectFrom('papers')
      .select([...cardColumns, categoryNames.as('category_names')])
      .where('deleted_at', 'is', null);
  /** paper_stats counts every stored paper: the listing's total leaves out those kept deleted. */
  const deletedPaperCount = sql<number>`(select count(*) from papers where deleted_at is not null)`;
  const withStats = () =>
    cards()
      .select([
        sql<number>`(select total from paper_stats_now)`.as('stats_total'),
        sql<number>`(select version from paper_stats_now)`.as('stats_version'),
        deletedPaperCount.as('stats_deleted'),
      ])
      .orderBy('submitted_date', 'desc')
      .orderBy('id', 'desc');
  const withSummary = () =>
    cards().select([
      sql<string | null>`(select data from summaries where summaries.paper_id = papers.id)`.as('summary_json'),
      sql<string | null>`(select model from summaries where summaries.paper_id = papers.id)`.as('summary_model'),
      sql<string | null>`(select data_ar from summaries where summaries.paper_id = papers.id)`.as('summary_ar_json'),
    ]);

  // The read paths every visitor takes, compiled once (see reusableQuery).
  /**
   * The listing rows for a page of ids chosen by `keys` (an index-only query with the offset), so the
   * per-row columns (categories, stats) are computed for the page alone, not for the skipped rows.
   */
  const pageOf = (keys: ReturnType<typeof listingKeys>) =>
    withStats().where('id', 'in', db.selectFrom(keys.as('page')).select('page.id'));
  const listingKeys = () =>
    db
      .selectFrom('papers')
      .select('id')
      .where('deleted_at', 'is', null)
      .orderBy('submitted_date', 'desc')
      .orderBy('id', 'desc');
  const firstPage = reusableQuery(db, (a: { limit: number; skip: number }) =>
    pageOf(listingKeys().limit(a.limit).offset(a.skip)),
  );
  const pageAfterAnchor = reusableQuery(db, (a: { date: string; id: number; limit: number; skip: number }) =>
    pageOf(
      listingKeys()
        // PostgreSQL seeks the index on the whole row value; SQLite seeks only on its first column
        // either way and runs the AND/OR spelling faster.
        .where((eb) =>
          dialect === 'postgres'
            ? eb(eb.refTuple('submitted_date', 'id'), '<=', eb.tuple(a.date, a.id))
            : eb.and([
                eb('submitted_date', '<=', a.date),
                eb.or([eb('submitted_date', '<', a.date), eb('id', '<=', a.id)]),
              ]),
        )
        .limit(a.limit)
        .offset(a.skip),
    ),
  );
  const byId = reusableQuery(db, (a: { id: number }) => withSummary().where('id', '=', a.id));
  const byArxivId = reusableQuery(db, (a: { arxivId: string }) => withSummary().where('arxiv_id', '=', a.arxivId));
  const statsRow = reusableQuery(db, () =>
    db.selectFrom('paper_stats_now').select(['total', 'version', 'content_version']),
  );

  return {
    async stats(): Promise<{ total: number; version: number; content_version: number }> {
      const [row] = await statsRow({});
      if (!row) throw new Error('paper_stats has no row: the migrations did not run');
      return row;
    },

    /** The listing's total (the papers not deleted) and the version of its order. */
    async listingStats(): Promise<{ total: number; version: number }> {
      const [stats, deleted] = await Promise.all([
        this.stats(),
        db.selectNoFrom(deletedPaperCount.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { total: stats.total - Number(deleted.count), version: stats.version };
    },

    /** Every `every`-th listing key from the newest, found in one pass over the listing index. */
    async listingAnchors(every: number): Promise<ListingKey[]> {
      const ranked = db
        .selectFrom('papers')
        .select([
          'submitted_date',
          'id',
          sql<number>`row_number() over (order by submitted_date desc, id desc)`.as('rn'),
        ])
        .where('deleted_at', 'is', null)
        .as('ranked');
      return db
        .selectFrom(ranked)
        .select(['submitted_date', 'id'])
        .where(sql<boolean>`(rn - 1) % ${sql.lit(every)} = 0`)
        .orderBy('rn')
        .execute();
    },

    /**
     * A page of the listing that starts `skip` rows after `from` (inclusive), newest first, each row
     * carrying the current paper_stats_now, so the caller can tell whether its anchors are still current.
     */
    pageFrom(from: ListingKey | null, skip: number, limit: number) {
      return from
        ? pageAfterAnchor({ date: from.submitted_date, id: from.id, limit, skip })
        : firstPage({ limit, skip });
    },

    async pageInCategory(categoryId: number, offset: number, limit: number): Promise<PaperCardRow[]> {
      const inCategory = db.selectFrom('paper_categories').select('paper_id').where('category_id', '=', categoryId);
      const keys = listingKeys().where('id', 'in', inCategory).limit(limit).offset(offset);
      return cards()
        .where('id', 'in', db.selectFrom(keys.as('page')).select('page.id'))
        .orderBy('submitted_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The listing rows of these papers, in no order (search ranks them). */
    async cardsByIds(ids: number[]): Promise<PaperCardRow[]> {
      if (ids.length === 0) return [];
      return cards().where('id', 'in', ids).execute();
    },

    async countInCategory(categoryId: number): Promise<number> {
      const row = await db
        .selectFrom('paper_categories')
        .innerJoin('papers', 'papers.id', 'paper_categories.paper_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('category_id', '=', categoryId)
        .where('papers.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findCategoryId(name: string): Promise<number | null> {
      const row = await db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirst();
      return row?.id ?? null;
    },

    /** A paper with its categories, its summary's JSON and the model that wrote it, by internal id or arXiv id. */
    async findWithSummary(ref: { id: number } | { arxivId: string }) {
      const [row] = await ('id' in ref ? byId(ref) : byArxivId(ref));
      return row;
    },

    async maxId(): Promise<number> {
      const row = await db
        .selectFrom('papers')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      return Number(row?.max ?? 0);
    },

    /** arXiv ids and last changes of the papers whose internal id is in [from, to]: one sitemap's worth. */
    async idRange(from: number, to: number): Promise<{ arxiv_id: string; updated_at: string | Date }[]> {
      return db
        .selectFrom('papers')
        .select(['arxiv_id', 'updated_at'])
        .where('deleted_at', 'is', null)
        .where('id', '>=', from)
        .where('id', '<=', to)
        .orderBy('id')
        .execute();
    },

    async existingArxivIds(arxivIds: string[]): Promise<Set<string>> {
      if (arxivIds.length === 0) return new Set();
      const rows = await db.selectFrom('papers').select('arxiv_id').where('arxiv_id', 'in', arxivIds).execute();
      return new Set(rows.map((r) => r.arxiv_id));
    },

    /** Inserts papers with their summaries and categories, all or nothing. */
    async insertMany(items: NewPaperWithExtras[]): Promise<void> {
      if (items.length === 0) return;
      await retriedTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('papers')
          .values(items.map((item) => item.paper))
          .returning(['id', 'arxiv_id'])
          .execute();
        const idByArxivId = new Map(inserted.map((row) => [row.arxiv_id, row.id]));
        const paperIdOf = (item: NewPaperWithExtras) => idByArxivId.get(item.paper.arxiv_id) as number;

        const summaries = items.flatMap((item) =>
          item.summary
            ? [
                {
                  ...item.summary,
                  paper_id: paperIdOf(item),
                  created_at: item.paper.created_at,
                  updated_at: item.paper.updated_at,
                },
              ]
            : [],
        );
        if (summaries.length > 0) await trx.insertInto('summaries').values(summaries).execute();

        const names = [...new Set(items.flatMap((item) => item.categories))];
        if (names.length === 0) return;
        const now = new Date().toISOString();
        await trx
          .insertInto('categories')
          .values(newCategoryRows(names, now))
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        const categoryRows = await trx
          .selectFrom('categories')
          .select(['id', 'name'])
          .where('name', 'in', names)
          .execute();
        const categoryIdByName = new Map(categoryRows.map((row) => [row.name, row.id]));
        const links = items.flatMap((item) =>
          [...new Set(item.categories)].map((name) => ({
            paper_id: paperIdOf(item),
            category_id: categoryIdByName.get(name) as number,
          })),
        );
        await trx.insertInto('paper_categories').values(links).execute();
      });
    },
  };
}

export type PapersRepo = ReturnType<typeof createPapersRepo>;
