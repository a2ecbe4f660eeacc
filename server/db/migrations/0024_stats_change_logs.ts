import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * paper_stats (total, order version, content version) and search_stats.vectors_version were each
 * one row that triggers updated for every write of papers, summaries, categories and vectors, and
 * that the writer held locked until it committed. On PostgreSQL every writer queued on it, and two
 * writers that also waited for each other's rows deadlocked. There the triggers now append each
 * change to a log (an insert waits for no one); paper_stats_now and search_stats_now read the row
 * plus the log's sum, and web processes fold the log into the row now and then (the sum stays the
 * same). The announcement of a change follows the log. SQLite has one writer at a time: its
 * triggers keep updating the row, and its views read the row alone.
 */
export function statsChangeLogsMigration(dialect: DialectName): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    if (dialect === 'postgres') await postgresLogs(db);
    else await sqliteViews(db);
  };
  return { up };
}

// biome-ignore lint/suspicious/noExplicitAny: see statsChangeLogsMigration
async function sqliteViews(db: Kysely<any>) {
  await sql`CREATE VIEW paper_stats_now AS SELECT total, version, content_version FROM paper_stats WHERE id = 1`.execute(
    db,
  );
  await sql`CREATE VIEW search_stats_now AS SELECT vectors_version FROM search_stats WHERE id = 1`.execute(db);
}

/** The body of a trigger function that appends one row to a log; `insert` is the INSERT statement. */
const appending = (name: string, insert: string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${insert};
      RETURN NULL;
    END $$`);

// biome-ignore lint/suspicious/noExplicitAny: see statsChangeLogsMigration
async function postgresLogs(db: Kysely<any>) {
  await sql`CREATE TABLE paper_stats_changes (
      id bigserial PRIMARY KEY,
      total integer NOT NULL DEFAULT 0,
      version integer NOT NULL DEFAULT 0,
      content_version integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE TABLE search_stats_changes (id bigserial PRIMARY KEY, vectors_version integer NOT NULL)`.execute(db);

  // The functions keep their names, so every trigger of 0001, 0002, 0004 and 0009 now appends.
  for (const statement of [
    appending(
      'paper_stats_after_insert',
      'INSERT INTO paper_stats_changes (total, version) SELECT count(*), 1 FROM inserted',
    ),
    appending(
      'paper_stats_after_delete',
      'INSERT INTO paper_stats_changes (total, version) SELECT -count(*), 1 FROM deleted',
    ),
    appending('paper_stats_after_reorder', 'INSERT INTO paper_stats_changes (version) VALUES (1)'),
    appending('paper_stats_content_changed', 'INSERT INTO paper_stats_changes (content_version) VALUES (1)'),
    appending('search_stats_vectors_changed', 'INSERT INTO search_stats_changes (vectors_version) VALUES (1)'),
  ]) {
    await statement.execute(db);
  }
  await sql`DROP TRIGGER paper_stats_announce ON paper_stats`.execute(db);
  await sql`CREATE TRIGGER paper_stats_changes_announce AFTER INSERT ON paper_stats_changes
      FOR EACH STATEMENT EXECUTE FUNCTION paper_stats_announce()`.execute(db);

  // Sums are bigint; the counters stay integers, as the row's columns are.
  await sql`CREATE VIEW paper_stats_now AS
      SELECT (s.total + coalesce(c.total, 0))::integer AS total,
        (s.version + coalesce(c.version, 0))::integer AS version,
        (s.content_version + coalesce(c.content_version, 0))::integer AS content_version
      FROM paper_stats s
      CROSS JOIN (SELECT sum(total) AS total, sum(version) AS version, sum(content_version) AS content_version
        FROM paper_stats_changes) c
      WHERE s.id = 1`.execute(db);
  await sql`CREATE VIEW search_stats_now AS
      SELECT (s.vectors_version + coalesce(c.vectors_version, 0))::integer AS vectors_version
      FROM search_stats s
      CROSS JOIN (SELECT sum(vectors_version) AS vectors_version FROM search_stats_changes) c
      WHERE s.id = 1`.execute(db);
}
