import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * rate_limits: rate-limit windows shared by every process on one database. email_tokens gains the
 * password hash and name of the sign-up that a verification link belongs to. Indexes on expiry serve
 * the periodic purge of expired rows.
 */
export function authHardeningMigration(dialect: DialectName): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('resets_at_ms', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at_ms').execute();
    await db.schema.alterTable('email_tokens').addColumn('password_hash', 'text').execute();
    await db.schema.alterTable('email_tokens').addColumn('name', 'text').execute();
    await db.schema.createIndex('email_tokens_expires_at').on('email_tokens').column('expires_at').execute();
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  };
  return { up };
}
