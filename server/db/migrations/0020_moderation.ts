import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Moderation and the account lifecycle.
 * - users: suspended_at and suspended_by (an administrator's suspension; null once restored).
 * - comments: an author may be detached (user_id null once the account is deleted: the comment stays
 *   as 'deleted user'); a moderator's removal is kept (removed_at, removed_by, removal_reason) so that
 *   the author still sees it and why. SQLite cannot change a column's NOT NULL or foreign key in place,
 *   so it rebuilds the table; the image links, which the old table's drop would cascade away, are put back.
 * - uploads: removed_at, set when a moderator removed the last comment that showed the image.
 * - comment_reports: one report per reader and comment, open until dismissed.
 * - audit_log: every administrator action, append-only (triggers refuse updates and deletes); the
 *   actor is a bare id (null for the operator's command line), so an account's deletion changes no entry.
 */
export function moderationMigration(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const byUser = (c: ColumnDefinitionBuilder) => c.references('users.id').onDelete('set null');
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('users').addColumn('suspended_at', timestamp).execute();
    await db.schema.alterTable('users').addColumn('suspended_by', 'integer', byUser).execute();
    await db.schema.alterTable('uploads').addColumn('removed_at', timestamp).execute();

    if (pg) await detachablePostgresComments(db);
    else await rebuildSqliteComments(db);
    await db.schema.createIndex('comments_user').on('comments').column('user_id').execute();
    await db.schema.createIndex('comments_created').on('comments').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('comment_reports')
      .addColumn('id', 'integer', id)
      .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('details', 'text')
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('dismissed_at', timestamp)
      .addColumn('dismissed_by', 'integer', byUser)
      .addUniqueConstraint('comment_reports_comment_user', ['comment_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'integer', id)
      .addColumn('actor_id', 'integer')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('before_values', 'text')
      .addColumn('after_values', 'text')
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
    await db.schema
      .createIndex('audit_log_object')
      .on('audit_log')
      .columns(['object_type', 'object_id', 'id'])
      .execute();
    if (pg) {
      await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            RAISE EXCEPTION 'audit_log is append-only';
          END $$`.execute(db);
      await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
          FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    } else {
      for (const event of ['UPDATE', 'DELETE']) {
        await sql
          .raw(`CREATE TRIGGER audit_log_no_${event.toLowerCase()} BEFORE ${event} ON audit_log
            BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`)
          .execute(db);
      }
    }
  };
  return { up };
}

// biome-ignore lint/suspicious/noExplicitAny: see moderationMigration
async function detachablePostgresComments(db: Kysely<any>) {
  await sql`ALTER TABLE comments ALTER COLUMN user_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE comments DROP CONSTRAINT comments_user_id_fkey`.execute(db);
  await sql`ALTER TABLE comments ADD CONSTRAINT comments_user_id_fkey
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await db.schema.alterTable('comments').addColumn('removed_at', 'timestamptz').execute();
  await db.schema
    .alterTable('comments')
    .addColumn('removed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('comments').addColumn('removal_reason', 'text').execute();
}

/**
 * The table is made anew and renamed into place. Dropping the old one deletes its image links (their
 * foreign key cascades), so they are kept aside and put back; the id sequence carries over, so that
 * a deleted comment's id is never given again.
 */
// biome-ignore lint/suspicious/noExplicitAny: see moderationMigration
async function rebuildSqliteComments(db: Kysely<any>) {
  await sql`CREATE TABLE comment_uploads_kept AS SELECT comment_id, upload_id FROM comment_uploads`.execute(db);
  const { rows } = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'comments'`.execute(db);
  await sql`CREATE TABLE comments_next (
      id integer PRIMARY KEY AUTOINCREMENT,
      paper_id integer NOT NULL REFERENCES papers (id) ON DELETE CASCADE,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      text text NOT NULL,
      created_at text NOT NULL,
      removed_at text,
      removed_by integer REFERENCES users (id) ON DELETE SET NULL,
      removal_reason text
    )`.execute(db);
  await sql`INSERT INTO comments_next (id, paper_id, user_id, text, created_at)
      SELECT id, paper_id, user_id, text, created_at FROM comments`.execute(db);
  await sql`DROP TABLE comments`.execute(db);
  await sql`ALTER TABLE comments_next RENAME TO comments`.execute(db);
  await sql`DELETE FROM sqlite_sequence WHERE name = 'comments'`.execute(db);
  await sql`INSERT INTO sqlite_sequence (name, seq)
      SELECT 'comments', max(coalesce(max(id), 0), ${rows[0]?.seq ?? 0}) FROM comments`.execute(db);
  await db.schema
    .createIndex('comments_paper_created')
    .on('comments')
    .columns(['paper_id', 'created_at', 'id'])
    .execute();
  await sql`INSERT INTO comment_uploads (comment_id, upload_id) SELECT comment_id, upload_id FROM comment_uploads_kept`.execute(
    db,
  );
  await sql`DROP TABLE comment_uploads_kept`.execute(db);
}
