import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * The email digest. digest_subscriptions: a reader's frequency and mail language, and since when
 * that frequency holds (periods that ended earlier are not mailed); digest_categories: the
 * categories followed. digest_sends: one row per reader and period, inserted (claimed) before the
 * mail is sent and completed once the SMTP server accepted it or there was nothing to send, so a
 * period is mailed at most once whatever the number of workers. digest_unsubscribe_tokens: the
 * hashed token of each mail's unsubscribe link. papers.created_at gains an index: the digest asks
 * for the papers stored in a period.
 */
export function emailDigestMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .createTable('digest_subscriptions')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('frequency', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('schedule_since', timestamp, (c) => c.notNull())
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('updated_at', timestamp, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('digest_categories')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('digest_subscriptions.user_id').onDelete('cascade'),
      )
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('digest_categories_pk', ['user_id', 'category_id'])
      .execute();
    await db.schema.createIndex('digest_categories_category').on('digest_categories').column('category_id').execute();

    await db.schema
      .createTable('digest_sends')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('period_key', 'text', (c) => c.notNull())
      .addColumn('claim_token', 'text', (c) => c.notNull())
      .addColumn('lease_expires_at', timestamp, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_error', 'text')
      .addColumn('completed_at', timestamp)
      .addColumn('paper_count', 'integer')
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('digest_sends_pk', ['user_id', 'period_key'])
      .execute();
    await db.schema.createIndex('digest_sends_created_at').on('digest_sends').column('created_at').execute();

    await db.schema
      .createTable('digest_unsubscribe_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('used_at', timestamp)
      .execute();
    await db.schema
      .createIndex('digest_unsubscribe_tokens_user')
      .on('digest_unsubscribe_tokens')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('digest_unsubscribe_tokens_created_at')
      .on('digest_unsubscribe_tokens')
      .column('created_at')
      .execute();

    await db.schema.createIndex('papers_created_at').on('papers').column('created_at').execute();
  };
  return { up };
}
