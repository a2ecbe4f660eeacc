import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * deleted_papers: the arXiv ids an admin deleted, with who and when, so that import, scraping and the
 * scheduled ingest do not bring them back until an admin restores one. Kept when the admin's account
 * is deleted (deleted_by becomes null).
 *
 * Queue positions become unique. Duplicates made before (two imports at once read the same last
 * position) are renumbered in the order the queue processes them (position, then id), and the
 * bookmarks left waiting for items no longer queued are dropped: nothing would ever grant them.
 */
export function deletedPapersMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .createTable('deleted_papers')
      .addColumn('arxiv_id', 'text', (c) => c.primaryKey())
      .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('deleted_at', timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('deleted_papers_deleted_at').on('deleted_papers').column('deleted_at').execute();

    const duplicate = await db
      .selectFrom('queue_items')
      .select('position')
      .groupBy('position')
      .having(sql`count(*)`, '>', 1)
      .limit(1)
      .executeTakeFirst();
    if (duplicate) {
      await sql`UPDATE queue_items SET position = ranked.rank
        FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rank FROM queue_items) AS ranked
        WHERE queue_items.id = ranked.id`.execute(db);
    }
    await db.schema.dropIndex('queue_items_position').execute();
    await db.schema.createIndex('queue_items_position').on('queue_items').column('position').unique().execute();

    await db
      .deleteFrom('queue_bookmarks')
      .where('arxiv_id', 'not in', db.selectFrom('queue_items').select('arxiv_id'))
      .execute();
  };
  return { up };
}
