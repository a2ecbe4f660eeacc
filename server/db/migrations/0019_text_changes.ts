import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Full text moves out of the database: each web process ranks papers by BM25 over an index of its
 * own, which follows the papers through a log of the ones whose text changed (inserted, edited,
 * deleted, or their summary written), filled by triggers whatever writes. The database's own
 * full-text indexes (FTS5, tsvector) and their triggers go: nothing reads them any more, and
 * keeping them cost every import most of its time. `text_changes_pruned_to` is the last change
 * removed from the log: a process that has not seen it must read every paper again.
 */
export function textChangesMigration(dialect: DialectName): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .alterTable('search_stats')
      .addColumn('text_changes_pruned_to', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    if (dialect === 'postgres') await postgresTextChanges(db);
    else await sqliteTextChanges(db);
  };
  return { up };
}

// biome-ignore lint/suspicious/noExplicitAny: see textChangesMigration
async function sqliteTextChanges(db: Kysely<any>) {
  for (const trigger of [
    'papers_fts_insert',
    'papers_fts_update',
    'papers_fts_delete',
    'summaries_fts_insert',
    'summaries_fts_update',
    'summaries_fts_delete',
  ]) {
    await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
  }
  await sql`DROP TABLE papers_fts`.execute(db);
  await sql`CREATE TABLE search_text_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, paper_id INTEGER NOT NULL)`.execute(
    db,
  );
  const logged = (id: string) => `INSERT INTO search_text_changes (paper_id) VALUES (${id});`;
  for (const trigger of [
    `papers_text_insert AFTER INSERT ON papers BEGIN ${logged('new.id')} END`,
    `papers_text_update AFTER UPDATE OF title, abstract, authors ON papers BEGIN ${logged('new.id')} END`,
    `papers_text_delete AFTER DELETE ON papers BEGIN ${logged('old.id')} END`,
    `summaries_text_insert AFTER INSERT ON summaries BEGIN ${logged('new.paper_id')} END`,
    `summaries_text_update AFTER UPDATE ON summaries BEGIN ${logged('new.paper_id')} END`,
    `summaries_text_delete AFTER DELETE ON summaries BEGIN ${logged('old.paper_id')} END`,
  ]) {
    await sql.raw(`CREATE TRIGGER ${trigger}`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see textChangesMigration
async function postgresTextChanges(db: Kysely<any>) {
  for (const [trigger, table] of [
    ['papers_documents_insert', 'papers'],
    ['papers_documents_update', 'papers'],
    ['summaries_documents_insert', 'summaries'],
    ['summaries_documents_update', 'summaries'],
    ['summaries_documents_delete', 'summaries'],
  ]) {
    await sql.raw(`DROP TRIGGER ${trigger} ON ${table}`).execute(db);
  }
  for (const fn of [
    'paper_documents_after_paper_insert()',
    'paper_documents_after_change()',
    'paper_documents_after_paper_update()',
    'refresh_paper_documents(integer[])',
    'summary_details(jsonb)',
  ]) {
    await sql.raw(`DROP FUNCTION ${fn}`).execute(db);
  }
  await sql`DROP TABLE paper_documents`.execute(db);
  await sql`CREATE TABLE search_text_changes (seq bigserial PRIMARY KEY, paper_id integer NOT NULL)`.execute(db);
  // Imports insert thousands of rows in one statement: logged once per statement, from its transition table.
  for (const [fn, column] of [
    ['search_text_changed_papers', 'id'],
    ['search_text_changed_summaries', 'paper_id'],
  ]) {
    await sql
      .raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO search_text_changes (paper_id) SELECT ${column} FROM changed;
          RETURN NULL;
        END $$`)
      .execute(db);
  }
  for (const [event, table, fn] of [
    ['INSERT', 'papers', 'papers'],
    ['DELETE', 'papers', 'papers'],
    ['INSERT', 'summaries', 'summaries'],
    ['UPDATE', 'summaries', 'summaries'],
    ['DELETE', 'summaries', 'summaries'],
  ] as const) {
    const transition = event === 'DELETE' ? 'OLD TABLE' : 'NEW TABLE';
    await sql
      .raw(`CREATE TRIGGER ${table}_text_${event.toLowerCase()} AFTER ${event} ON ${table}
        REFERENCING ${transition} AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_text_changed_${fn}()`)
      .execute(db);
  }
  // An edit of a paper's text is one row; the trigger names its columns, which a transition table cannot.
  await sql`CREATE FUNCTION search_text_changed_paper() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_text_changes (paper_id) VALUES (NEW.id);
        RETURN NULL;
      END $$`.execute(db);
  await sql`CREATE TRIGGER papers_text_update AFTER UPDATE OF title, abstract, authors ON papers
      FOR EACH ROW EXECUTE FUNCTION search_text_changed_paper()`.execute(db);
}
