import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * papers.deleted_at: an admin's deletion keeps the paper, with its comments and bookmarks, hidden
 * from every reader until an admin restores it or deletes it permanently (its arXiv id stays in
 * deleted_papers either way). The listing reads only the papers not deleted, through an index of
 * its own that holds no deleted paper.
 */
export function recycleBinMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('papers').addColumn('deleted_at', timestamp).execute();
    await db.schema
      .createIndex('papers_listing_shown')
      .on('papers')
      .columns(['submitted_date', 'id'])
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('papers_deleted')
      .on('papers')
      .column('deleted_at')
      .where(sql.ref('deleted_at'), 'is not', null)
      .execute();
  };
  return { up };
}
