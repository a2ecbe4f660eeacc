import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * 'Add to bookmarks' on a scrape. A bookmark needs the stored paper, so for a paper that is only
 * queued the request waits in queue_bookmarks and becomes a bookmark when the paper is stored.
 */
export function createQueueBookmarksRepo(db: Kysely<Database>) {
  return {
    /** Bookmarks a stored paper for the user (nothing changes when it is bookmarked already). */
    async now(userId: number, paperId: number): Promise<void> {
      await db
        .insertInto('bookmarks')
        .values({ user_id: userId, paper_id: paperId, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'paper_id']).doNothing())
        .execute();
    },

    /** Bookmarks the paper for the user once it is stored. */
    async whenStored(arxivId: string, userId: number): Promise<void> {
      await db
        .insertInto('queue_bookmarks')
        .values({ arxiv_id: arxivId, user_id: userId, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['arxiv_id', 'user_id']).doNothing())
        .execute();
    },
  };
}

export type QueueBookmarksRepo = ReturnType<typeof createQueueBookmarksRepo>;

/** Turns the bookmarks waiting for a paper into bookmarks, in the transaction that stores it. */
export async function grantWaitingBookmarks(trx: Transaction<Database>, arxivId: string, paperId: number) {
  const waiting = await trx.selectFrom('queue_bookmarks').select(['user_id']).where('arxiv_id', '=', arxivId).execute();
  if (waiting.length === 0) return;
  const now = new Date().toISOString();
  await trx
    .insertInto('bookmarks')
    .values(waiting.map(({ user_id }) => ({ user_id, paper_id: paperId, created_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'paper_id']).doNothing())
    .execute();
  await trx.deleteFrom('queue_bookmarks').where('arxiv_id', '=', arxivId).execute();
}
