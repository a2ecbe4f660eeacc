import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connect.js';

/** Each table's row count and a hash of its rows in a fixed order: `"3 rows 5f1c…"`. */
export type DatabaseState = Record<string, string>;

const tablesOf = new WeakMap<DbHandle, Promise<string[]>>();

/**
 * Every table of the app's schema, the vector tables included (on SQLite the tables that hold a
 * virtual table's rows, not the virtual table itself), so no write can hide from a comparison.
 */
function tables(handle: DbHandle): Promise<string[]> {
  let found = tablesOf.get(handle);
  if (!found) {
    const query =
      handle.dialect === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
            AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`
        : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`;
    found = query.execute(handle.db).then(({ rows }) => rows.map((row) => row.name));
    tablesOf.set(handle, found);
  }
  return found;
}

/**
 * PostgreSQL keeps the counters as a row plus a log of changes that server processes fold into the
 * row now and then, which changes how they are stored but not what they read: they are compared
 * as read, through their views, and the logs not at all.
 */
const FOLDED_LOGS = new Set(['paper_stats_changes', 'search_stats_changes']);
const READ_AS: Record<string, string> = {
  paper_stats: '(SELECT * FROM paper_stats_now)',
  search_stats:
    '(SELECT s.id, s.text_changes_pruned_to, n.vectors_version FROM search_stats s CROSS JOIN search_stats_now n)',
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A row as text that tells every value apart: bytes by their hash (a vector chunk is megabytes), big integers as digits. */
const rowText = (row: object) =>
  JSON.stringify(
    Object.values(row).map((value: unknown) => {
      if (typeof value === 'bigint') return `${value}n`;
      if (value instanceof Uint8Array) return `bytes ${createHash('md5').update(value).digest('hex')}`;
      return value;
    }),
  );

/**
 * The state of every table but `except`: equal states mean no request changed a row. PostgreSQL
 * hashes in one round trip; SQLite is in process and hashes here.
 */
export async function databaseState(handle: DbHandle, except: readonly string[] = []): Promise<DatabaseState> {
  const names = (await tables(handle)).filter((name) => !except.includes(name));
  if (handle.dialect === 'postgres') {
    const selects = names
      .filter((name) => !FOLDED_LOGS.has(name))
      .map(
        (name) =>
          `SELECT '${name.replaceAll("'", "''")}' AS name, count(*)::int AS n,
          md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS hash FROM ${READ_AS[name] ?? quoted(name)} r`,
      );
    const { rows } = await sql<{
      name: string;
      n: number;
      hash: string;
    }>`${sql.raw(selects.join(' UNION ALL '))}`.execute(handle.db);
    return Object.fromEntries(rows.map((row) => [row.name, `${row.n} rows ${row.hash}`]));
  }
  const state: DatabaseState = {};
  for (const name of names) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.raw(quoted(name))}`.execute(handle.db);
    const lines = rows.map(rowText).sort();
    state[name] = `${lines.length} rows ${createHash('md5').update(lines.join('\n')).digest('hex')}`;
  }
  return state;
}

/**
 * The state of the database as requests come and go, read again only when it may have changed:
 * after `forget()` (a request that was allowed to write), or on SQLite when the connection's count
 * of written rows moved (a write rolled back counts too, and then the hashes decide).
 */
export function trackDatabaseState(handle: DbHandle, except: readonly string[] = []) {
  let last: { state: DatabaseState; writes: number | null } | null = null;
  const writes = async () =>
    handle.dialect === 'sqlite'
      ? ((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(handle.db)).rows[0]?.n ?? null)
      : null;
  return {
    /** The state when last read: the state before the next request. */
    async before(): Promise<DatabaseState> {
      return last?.state ?? (await this.now());
    },
    async now(): Promise<DatabaseState> {
      const count = await writes();
      if (last && count !== null && count === last.writes) return last.state;
      last = { state: await databaseState(handle, except), writes: count };
      return last.state;
    },
    forget(): void {
      last = null;
    },
  };
}
