import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * email_tokens becomes the outbox of account mails: mail_due_at is when the link's mail is next to
 * be sent (null once the mail server took it), mail_attempts how often it was tried, mail_locale
 * its language. A link's token is drawn when its mail is sent, so the outbox holds no usable link.
 * Links made before this migration count as sent.
 */
export function linkMailOutboxMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('email_tokens').addColumn('mail_due_at', timestamp).execute();
    await db.schema
      .alterTable('email_tokens')
      .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('email_tokens').addColumn('mail_locale', 'text').execute();
    await db.schema.createIndex('email_tokens_mail_due_at').on('email_tokens').column('mail_due_at').execute();
  };
  return { up };
}
