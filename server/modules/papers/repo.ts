import { type Kysely, sql } from 'kysely';
import type { Database, NewPaper, PaperRow, SummariesTable } from '../../db/schema.js';

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
export type PaperCardRow = Pick<PaperRow, (typeof cardColumns)[number]>;

export function createPapersRepo(db: Kysely<Database>) {
  return {
    async stats(): Promise<{ total: number; version: number }> {
      return db.selectFrom('paper_stats').select(['total', 'version']).where('id', '=', 1).executeTakeFirstOrThrow();
    },

    /** Every `every`-th listing key from the newest, found in one pass over the listing index. */
    async listingAnchors(every: number): Promise<ListingKey[]> {
      const ranked = db
        .selectFrom('papers')
        .select(['submitted_date', 'id', sql<number>`row_number() over (order by submitted_date desc, id desc)`.as('rn')])
        .as('ranked');
      return db
        .selectFrom(ranked)
        .select(['submitted_date', 'id'])
        .where(sql<boolean>`(rn - 1) % ${sql.lit(every)} = 0`)
        .orderBy('rn')
        .execute();
    },

    /** A page of the listing that starts `skip` rows after `from` (inclusive), newest first. */
    async pageFrom(from: ListingKey | null, skip: number, limit: number): Promise<PaperCardRow[]> {
      let query = db.selectFrom('papers').select(cardColumns);
      if (from) {
        query = query.where((eb) =>
          eb(eb.refTuple('submitted_date', 'id'), '<=', eb.tuple(from.submitted_date, from.id)),
        );
      }
      return query.orderBy('submitted_date', 'desc').orderBy('id', 'desc').limit(limit).offset(skip).execute();
    },

    async pageInCategory(categoryId: number, offset: number, limit: number): Promise<PaperCardRow[]> {
      return db
        .selectFrom('papers')
        .select(cardColumns)
        .where('id', 'in', db.selectFrom('paper_categories').select('paper_id').where('category_id', '=', categoryId))
        .orderBy('submitted_date', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countInCategory(categoryId: number): Promise<number> {
      const row = await db
        .selectFrom('paper_categories')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('category_id', '=', categoryId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findCategoryId(name: string): Promise<number | null> {
      const row = await db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirst();
      return row?.id ?? null;
    },

    async findByArxivId(arxivId: string): Promise<PaperCardRow | undefined> {
      return db.selectFrom('papers').select(cardColumns).where('arxiv_id', '=', arxivId).executeTakeFirst();
    },

    async findById(id: number): Promise<PaperCardRow | undefined> {
      return db.selectFrom('papers').select(cardColumns).where('id', '=', id).executeTakeFirst();
    },

    async findSummary(paperId: number): Promise<string | null> {
      const row = await db.selectFrom('summaries').select('data').where('paper_id', '=', paperId).executeTakeFirst();
      return row?.data ?? null;
    },

    /** Category names per paper id, in name order. */
    async categoriesOf(paperIds: number[]): Promise<Map<number, string[]>> {
      const byPaper = new Map<number, string[]>(paperIds.map((id) => [id, []]));
      if (paperIds.length === 0) return byPaper;
      const rows = await db
        .selectFrom('paper_categories')
        .innerJoin('categories', 'categories.id', 'paper_categories.category_id')
        .select(['paper_categories.paper_id', 'categories.name'])
        .where('paper_categories.paper_id', 'in', paperIds)
        .orderBy('categories.name')
        .execute();
      for (const row of rows) byPaper.get(row.paper_id)?.push(row.name);
      return byPaper;
    },

    async maxId(): Promise<number> {
      const row = await db.selectFrom('papers').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
      return Number(row?.max ?? 0);
    },

    /** arXiv ids and last changes of the papers whose internal id is in [from, to]: one sitemap's worth. */
    async idRange(from: number, to: number): Promise<{ arxiv_id: string; updated_at: string | Date }[]> {
      return db
        .selectFrom('papers')
        .select(['arxiv_id', 'updated_at'])
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
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('papers')
          .values(items.map((item) => item.paper))
          .returning(['id', 'arxiv_id'])
          .execute();
        const idByArxivId = new Map(inserted.map((row) => [row.arxiv_id, row.id]));
        const paperIdOf = (item: NewPaperWithExtras) => idByArxivId.get(item.paper.arxiv_id) as number;

        const summaries = items.flatMap((item) =>
          item.summary
            ? [{ ...item.summary, paper_id: paperIdOf(item), created_at: item.paper.created_at, updated_at: item.paper.updated_at }]
            : [],
        );
        if (summaries.length > 0) await trx.insertInto('summaries').values(summaries).execute();

        const names = [...new Set(items.flatMap((item) => item.categories))];
        if (names.length === 0) return;
        const now = new Date().toISOString();
        await trx
          .insertInto('categories')
          .values(names.map((name) => ({ name, created_at: now })))
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        const categoryRows = await trx.selectFrom('categories').select(['id', 'name']).where('name', 'in', names).execute();
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
