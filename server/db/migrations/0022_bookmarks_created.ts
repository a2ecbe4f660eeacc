import type { Kysely, Migration } from 'kysely';

/**
 * The Popular order reads the last week's bookmarks by age: an index on their creation (comments
 * have one since 0020), with the paper so the read needs no table lookup.
 */
export function bookmarksCreatedMigration(): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.createIndex('bookmarks_created').on('bookmarks').columns(['created_at', 'paper_id']).execute();
  };
  return { up };
}
