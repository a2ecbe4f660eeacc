import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Bookmarks asked for while a paper is only queued ('Add to bookmarks' when an admin scrapes it): a
 * bookmark needs the stored paper, so the request waits here and becomes a bookmark in the
 * transaction that stores the paper. Keyed by arXiv id, as the queue is.
 */
export function queueBookmarksMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .createTable('queue_bookmarks')
      .addColumn('arxiv_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('queue_bookmarks_pk', ['arxiv_id', 'user_id'])
      .execute();
  };
  return { up };
}
