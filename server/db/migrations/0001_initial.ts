import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/** The first schema: every entity of SPEC §3, with the indexes the read paths use. */
export function initialMigration(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', id)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('is_verified', 'integer', flag)
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('updated_at', timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_verified_created').on('users').columns(['is_verified', 'created_at']).execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('last_seen_at', timestamp, (c) => c.notNull())
      .addColumn('expires_at', timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('email_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('expires_at', timestamp, (c) => c.notNull())
      .addColumn('used_at', timestamp)
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'purpose']).execute();

    await db.schema
      .createTable('papers')
      .addColumn('id', 'integer', id)
      .addColumn('arxiv_id', 'text', (c) => c.notNull().unique())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1).check(sql`version >= 1`))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('abstract', 'text', (c) => c.notNull())
      .addColumn('abstract_translation', 'text')
      .addColumn('pdf_url', 'text', (c) => c.notNull())
      .addColumn('submitted_date', 'text', (c) => c.notNull())
      .addColumn('authors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('primary_category', 'text', (c) => c.notNull())
      .addColumn('comment', 'text')
      .addColumn('synthetic', 'integer', flag)
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('updated_at', timestamp, (c) => c.notNull())
      .execute();
    // The digest lists newest first; this index serves both the page query and the page anchors.
    await db.schema.createIndex('papers_listing').on('papers').columns(['submitted_date', 'id']).execute();

    await db.schema
      .createTable('summaries')
      .addColumn('paper_id', 'integer', (c) => c.primaryKey().references('papers.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('generated_by', 'text', (c) => c.notNull())
      .addColumn('model', 'text')
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('updated_at', timestamp, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'integer', id)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('paper_categories')
      .addColumn('paper_id', 'integer', (c) => c.notNull().references('papers.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('paper_categories_pk', ['paper_id', 'category_id'])
      .execute();
    await db.schema
      .createIndex('paper_categories_category')
      .on('paper_categories')
      .columns(['category_id', 'paper_id'])
      .execute();

    await db.schema
      .createTable('bookmarks')
      .addColumn('id', 'integer', id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('paper_id', 'integer', (c) => c.notNull().references('papers.id').onDelete('cascade'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addUniqueConstraint('bookmarks_user_paper', ['user_id', 'paper_id'])
      .execute();

    await db.schema
      .createTable('comments')
      .addColumn('id', 'integer', id)
      .addColumn('paper_id', 'integer', (c) => c.notNull().references('papers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('comments_paper').on('comments').columns(['paper_id', 'created_at']).execute();

    await db.schema
      .createTable('queue_items')
      .addColumn('id', 'integer', id)
      .addColumn('arxiv_id', 'text', (c) => c.notNull().unique())
      .addColumn('position', pg ? 'double precision' : 'real', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('claimed_at', timestamp)
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('queue_items_position').on('queue_items').column('position').execute();

    await db.schema
      .createTable('uploads')
      .addColumn('id', 'integer', id)
      .addColumn('file_name', 'text', (c) => c.notNull().unique())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('paper_stats')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('paper_stats').values({ id: 1, total: 0, version: 0 }).execute();
    await createPaperStatsTriggers(db, pg);
  };
  return { up };
}

/**
 * Keeps paper_stats exact whatever writes papers, so a list answers its total without COUNT(*) over
 * the whole table. PostgreSQL counts per statement through transition tables; SQLite per row.
 */
// biome-ignore lint/suspicious/noExplicitAny: see initialMigration
async function createPaperStatsTriggers(db: Kysely<any>, pg: boolean) {
  if (pg) {
    await sql`
      CREATE FUNCTION paper_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE paper_stats SET total = total + (SELECT count(*) FROM inserted), version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE FUNCTION paper_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE paper_stats SET total = total - (SELECT count(*) FROM deleted), version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE FUNCTION paper_stats_after_reorder() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE paper_stats SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER papers_stats_insert AFTER INSERT ON papers REFERENCING NEW TABLE AS inserted
      FOR EACH STATEMENT EXECUTE FUNCTION paper_stats_after_insert()`.execute(db);
    await sql`CREATE TRIGGER papers_stats_delete AFTER DELETE ON papers REFERENCING OLD TABLE AS deleted
      FOR EACH STATEMENT EXECUTE FUNCTION paper_stats_after_delete()`.execute(db);
    await sql`CREATE TRIGGER papers_stats_reorder AFTER UPDATE OF submitted_date ON papers
      FOR EACH STATEMENT EXECUTE FUNCTION paper_stats_after_reorder()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER papers_stats_insert AFTER INSERT ON papers BEGIN
      UPDATE paper_stats SET total = total + 1, version = version + 1 WHERE id = 1; END`.execute(db);
  await sql`CREATE TRIGGER papers_stats_delete AFTER DELETE ON papers BEGIN
      UPDATE paper_stats SET total = total - 1, version = version + 1 WHERE id = 1; END`.execute(db);
  await sql`CREATE TRIGGER papers_stats_reorder AFTER UPDATE OF submitted_date ON papers BEGIN
      UPDATE paper_stats SET version = version + 1 WHERE id = 1; END`.execute(db);
}
