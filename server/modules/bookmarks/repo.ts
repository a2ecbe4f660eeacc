import type { Kysely } from 'kysely';
import type { PaperRef } from '../../../common/arxiv-id.js';
import type { Bookmark } from '../../../common/bookmarks.js';
import type { KeysetPosition } from '../../../common/keyset-page.js';
import { toIso } from '../../db/connect.js';
import { afterPosition } from '../../db/keyset.js';
import type { Database } from '../../db/schema.js';

/**
 * Every query names the user: a bookmark is found, listed or deleted only through its owner, so
 * no caller can reach another reader's bookmarks by id.
 */
export function createBookmarksRepo(db: Kysely<Database>) {
  const bookmarksOf = (userId: number) =>
    db
      .selectFrom('bookmarks')
      .innerJoin('papers', 'papers.id', 'bookmarks.paper_id')
      .select(['bookmarks.id', 'bookmarks.paper_id', 'papers.arxiv_id', 'bookmarks.created_at'])
      .where('bookmarks.user_id', '=', userId)
      // Kept with a paper an admin deleted, and shown again once it is restored.
      .where('papers.deleted_at', 'is', null);

  return {
    /** Newest first. */
    async listOf(userId: number): Promise<Bookmark[]> {
      const rows = await bookmarksOf(userId)
        .orderBy('bookmarks.created_at', 'desc')
        .orderBy('bookmarks.id', 'desc')
        .execute();
      return rows.map(toBookmark);
    },

    /** Up to `limit` of the user's bookmarks, newest first, after `after` when given. */
    async pageOf(userId: number, after: KeysetPosition | undefined, limit: number): Promise<Bookmark[]> {
      let query = bookmarksOf(userId);
      if (after) {
        query = query.where(afterPosition({ createdAt: 'bookmarks.created_at', id: 'bookmarks.id' }, after, 'desc'));
      }
      const rows = await query
        .orderBy('bookmarks.created_at', 'desc')
        .orderBy('bookmarks.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toBookmark);
    },

    async findOf(userId: number, id: number): Promise<Bookmark | null> {
      const row = await bookmarksOf(userId).where('bookmarks.id', '=', id).executeTakeFirst();
      return row ? toBookmark(row) : null;
    },

    async findPaper(ref: PaperRef): Promise<{ id: number; arxivId: string } | null> {
      const row = await db
        .selectFrom('papers')
        .select(['id', 'arxiv_id'])
        .where(ref.kind === 'id' ? 'id' : 'arxiv_id', '=', ref.kind === 'id' ? ref.id : ref.arxivId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? { id: row.id, arxivId: row.arxiv_id } : null;
    },

    async isBookmarked(userId: number, paperId: number): Promise<boolean> {
      const row = await db
        .selectFrom('bookmarks')
        .select('id')
        .where('user_id', '=', userId)
        .where('paper_id', '=', paperId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The new bookmark's id and time, or null when the user has bookmarked the paper already. */
    async insert(userId: number, paperId: number): Promise<{ id: number; createdAt: string } | null> {
      const row = await db
        .insertInto('bookmarks')
        .values({ user_id: userId, paper_id: paperId, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['user_id', 'paper_id']).doNothing())
        .returning(['id', 'created_at'])
        .executeTakeFirst();
      return row ? { id: row.id, createdAt: toIso(row.created_at) } : null;
    },

    /** Whether the user had this bookmark. */
    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('bookmarks')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type BookmarksRepo = ReturnType<typeof createBookmarksRepo>;

function toBookmark(row: { id: number; paper_id: number; arxiv_id: string; created_at: string | Date }): Bookmark {
  return { id: row.id, paperId: row.paper_id, arxivId: row.arxiv_id, createdAt: toIso(row.created_at) };
}
