import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A paper a reader saved, with the text its recommendations are ranked from. */
export interface SavedPaper {
  id: number;
  arxivId: string;
  title: string;
  abstract: string;
  /** Its arXiv primary category (cs.RO): the area the reader saved it from. */
  primaryCategory: string;
}

/** The papers a reader saved; every query names the reader, so none reaches another's bookmarks. */
export function createRecommendationsRepo(db: Kysely<Database>) {
  return {
    /** Up to `limit` of the reader's saved papers, the newest bookmark first. */
    async savedPapersOf(userId: number, limit: number): Promise<SavedPaper[]> {
      return db
        .selectFrom('bookmarks')
        .innerJoin('papers', 'papers.id', 'bookmarks.paper_id')
        .select([
          'papers.id',
          'papers.arxiv_id as arxivId',
          'papers.title',
          'papers.abstract',
          'papers.primary_category as primaryCategory',
        ])
        .where('bookmarks.user_id', '=', userId)
        .where('papers.deleted_at', 'is', null)
        .orderBy('bookmarks.created_at', 'desc')
        .orderBy('bookmarks.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The ids of the categories the reader's email digest follows. */
    async followedCategoryIdsOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('digest_categories')
        .select('category_id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => row.category_id);
    },

    /** The ids of every paper the reader saved. */
    async savedIdsOf(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('bookmarks').select('paper_id').where('user_id', '=', userId).execute();
      return rows.map((row) => row.paper_id);
    },
  };
}

export type RecommendationsRepo = ReturnType<typeof createRecommendationsRepo>;
