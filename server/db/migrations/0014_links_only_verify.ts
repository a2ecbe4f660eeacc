import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * A verification link only verifies: email_tokens loses the password hash and name that following a
 * link used to put in force, and gains signup_marker_hash, the hash of the marker cookie of the
 * browser that signed up (only that browser is signed in by the link). users gains the record of an
 * administrator's unverify (who, when): such an account is verified again only by an administrator.
 */
export function linksOnlyVerifyMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('email_tokens').dropColumn('password_hash').execute();
    await db.schema.alterTable('email_tokens').dropColumn('name').execute();
    await db.schema.alterTable('email_tokens').addColumn('signup_marker_hash', 'text').execute();
    await db.schema
      .alterTable('users')
      .addColumn('unverified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('users').addColumn('unverified_at', timestamp).execute();
  };
  return { up };
}
