import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/** The channel on which PostgreSQL announces a change of paper_stats; the payload is the schema's name. */
export const PAPER_STATS_CHANNEL = 'paper_stats_changed';

/**
 * Category names show on every digest page (the filter, the cards), so a change to them bumps
 * paper_stats.content_version too. On PostgreSQL every change of paper_stats is announced on
 * PAPER_STATS_CHANNEL, so web processes learn of it without reading the version per request.
 */
export function contentNotifyMigration(dialect: DialectName): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    if (dialect === 'postgres') {
      await sql`CREATE TRIGGER categories_content_changed AFTER INSERT OR UPDATE OR DELETE ON categories
        FOR EACH STATEMENT EXECUTE FUNCTION paper_stats_content_changed()`.execute(db);
      await sql
        .raw(`CREATE FUNCTION paper_stats_announce() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('${PAPER_STATS_CHANNEL}', current_schema());
          RETURN NULL;
        END $$`)
        .execute(db);
      await sql`CREATE TRIGGER paper_stats_announce AFTER UPDATE ON paper_stats
        FOR EACH STATEMENT EXECUTE FUNCTION paper_stats_announce()`.execute(db);
      return;
    }
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql
        .raw(`CREATE TRIGGER categories_${event.toLowerCase()}_content AFTER ${event} ON categories BEGIN
          UPDATE paper_stats SET content_version = content_version + 1 WHERE id = 1; END`)
        .execute(db);
    }
  };
  return { up };
}
