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
 */
const SCORED_WINDOW = 20_000;

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
     * so a query of common words costs no more than a few thousand rankings.
     */
    async textMatches(terms: string[], limit: number, titleWeight: number): Promise<number[]> {
      if (terms.length === 0) return [];
      if (dialect === 'sqlite') {
        const match = fts5Query(terms);
        const { rows } = await sql<{ id: number }>`
          SELECT rowid AS id FROM papers_fts
          WHERE papers_fts MATCH ${match} AND rowid >= coalesce((
            SELECT rowid FROM papers_fts WHERE papers_fts MATCH ${match}
            ORDER BY rowid DESC LIMIT 1 OFFSET ${SCORED_WINDOW - 1}), 0)
          ORDER BY bm25(papers_fts, ${titleWeight}, ${AUTHORS_WEIGHT}, 1.0, ${ONE_LINE_WEIGHT}, ${DETAILS_WEIGHT}), rowid DESC
          LIMIT ${limit}`.execute(db);
        return rows.map((row) => row.id);
      }
      const { rows } = await sql<{ id: number }>`
        WITH m AS (
          SELECT string_agg('(' || q::text || ')', ' | ')::tsquery AS query
          FROM unnest(${terms}::text[]) AS t(term), phraseto_tsquery('english', t.term) AS q
          WHERE numnode(q) > 0
        )
        SELECT d.paper_id AS id FROM paper_documents d, m
        WHERE d.document @@ m.query AND d.paper_id >= coalesce((
          SELECT w.paper_id FROM paper_documents w WHERE w.document @@ m.query
          ORDER BY w.paper_id DESC OFFSET ${SCORED_WINDOW - 1} LIMIT 1), 0)
        ORDER BY ts_rank(${tsRankWeights(titleWeight)}::float4[], d.document, m.query) DESC, d.paper_id DESC
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
