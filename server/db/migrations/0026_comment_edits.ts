import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';

/** comments.edited_at: when its author last edited the comment; null for one never edited. */
export function commentEditsMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('comments').addColumn('edited_at', timestamp).execute();
  };
  return { up };
}
