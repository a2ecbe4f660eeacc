import { sql } from 'kysely';
import type { DbHandle } from '../../db/connect.js';
import { fts5Query } from './query-terms.js';

/**
 * How much a match counts in each part of a paper, relative to the abstract. The title's weight is
 * configured (SEARCH_TITLE_WEIGHT); authors count as much as the abstract, so a name finds its papers.
 */
const AUTHORS_WEIGHT = 1;
const ONE_LINE_WEIGHT = 0.7;
const DETAILS_WEIGHT = 0.5;

/**
 * Matches ranked per query, the most recently added first: ranking costs per match, and a query
 * of common words matches most papers. Past this many, older matches are left out of the ranking.
 * A ranking costs PostgreSQL (reading the row's tsvector) several times what it costs FTS5.
 */
const SCORED_WINDOW = { sqlite: 20_000, postgres: 5_000 };

/**
 * PostgreSQL's ts_rank weights, in its order (D, C, B, A): the same proportions as on SQLite,
 * scaled so the largest is 1, the most ts_rank accepts.
 */
export function tsRankWeights(titleWeight: number): number[] {
  const largest = Math.max(titleWeight, 1);
  return [DETAILS_WEIGHT, ONE_LINE_WEIGHT, 1, titleWeight].map((weight) => weight / largest);
}

export function createSearchRepo({ db, dialect }: DbHandle) {
  return {
    /**
     * Up to `limit` papers matching any of the terms, best first: SQLite ranks with bm25 over the
     * FTS5 columns, PostgreSQL with ts_rank over the weighted tsvector (each term a phrase there, as
     * the index's parser split it). Only the SCORED_WINDOW most recently added matches are ranked,
     * so a query of common words costs no more than some thousands of rankings.
     */
    async textMatches(terms: string[], limit: number, titleWeight: number): Promise<number[]> {
      if (terms.length === 0) return [];
      if (dialect === 'sqlite') {
        const match = fts5Query(terms);
        const { rows } = await sql<{ id: number }>`
          SELECT rowid AS id FROM papers_fts
          WHERE papers_fts MATCH ${match} AND rowid >= coalesce((
            SELECT rowid FROM papers_fts WHERE papers_fts MATCH ${match}
            ORDER BY rowid DESC LIMIT 1 OFFSET ${SCORED_WINDOW.sqlite - 1}), 0)
          ORDER BY bm25(papers_fts, ${titleWeight}, ${AUTHORS_WEIGHT}, 1.0, ${ONE_LINE_WEIGHT}, ${DETAILS_WEIGHT}), rowid DESC
          LIMIT ${limit}`.execute(db);
        return rows.map((row) => row.id);
      }
      // A tsquery of constant parts, so the planner sees how common the terms are: for common ones
      // it walks the newest papers backwards and stops at the window, for rare ones it uses GIN.
      const query = sql.join(
        terms.map((term) => sql`phraseto_tsquery('english', ${term})`),
        sql` || `,
      );
      const { rows } = await sql<{ id: number }>`
        SELECT id FROM (
          SELECT paper_id AS id, ts_rank(${tsRankWeights(titleWeight)}::float4[], document, ${query}) AS rank
          FROM paper_documents WHERE document @@ (${query})
          ORDER BY paper_id DESC LIMIT ${SCORED_WINDOW.postgres}
        ) AS recent
        ORDER BY rank DESC, id DESC
        LIMIT ${limit}`.execute(db);
      return rows.map((row) => row.id);
    },

    /** A paper's id and title, by internal id or arXiv id. */
    async findPaper(ref: { id: number } | { arxivId: string }): Promise<{ id: number; title: string } | undefined> {
      const query = db.selectFrom('papers').select(['id', 'title']);
      return (
        'id' in ref ? query.where('id', '=', ref.id) : query.where('arxiv_id', '=', ref.arxivId)
      ).executeTakeFirst();
    },

    /** Bumped by the database on every change of stored vectors. */
    async vectorsVersion(): Promise<number> {
      const row = await db.selectFrom('search_stats').select('vectors_version').where('id', '=', 1).executeTakeFirst();
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
