import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * paper_stats.content_version: bumped by any change to what a paper shows (its row, summary or
 * categories), so cached answers can be checked against the database on every request.
 */
export function contentVersionMigration(dialect: DialectName): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .alterTable('paper_stats')
      .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (dialect === 'postgres') {
      await sql`
        CREATE FUNCTION paper_stats_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE paper_stats SET content_version = content_version + 1 WHERE id = 1;
          RETURN NULL;
        END $$`.execute(db);
      for (const [table, events] of [
        ['papers', 'UPDATE'],
        ['summaries', 'INSERT OR UPDATE OR DELETE'],
        ['paper_categories', 'INSERT OR UPDATE OR DELETE'],
      ] as const) {
        await sql
          .raw(`CREATE TRIGGER ${table}_content_changed AFTER ${events} ON ${table}
            FOR EACH STATEMENT EXECUTE FUNCTION paper_stats_content_changed()`)
          .execute(db);
      }
      return;
    }
    for (const [table, event] of [
      ['papers', 'UPDATE'],
      ['summaries', 'INSERT'],
      ['summaries', 'UPDATE'],
      ['summaries', 'DELETE'],
      ['paper_categories', 'INSERT'],
      ['paper_categories', 'UPDATE'],
      ['paper_categories', 'DELETE'],
    ] as const) {
      await sql
        .raw(`CREATE TRIGGER ${table}_${event.toLowerCase()}_content AFTER ${event} ON ${table} BEGIN
          UPDATE paper_stats SET content_version = content_version + 1 WHERE id = 1; END`)
        .execute(db);
    }
  };
  return { up };
}
