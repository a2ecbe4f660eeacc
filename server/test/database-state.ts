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

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A row as text that tells every value apart: bytes as hex, big integers as digits. */
const rowText = (row: unknown) =>
  JSON.stringify(row, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
    // Buffer's own toJSON runs before the replacer sees it.
    if (value && typeof value === 'object' && 'type' in value && value.type === 'Buffer' && 'data' in value) {
      return Buffer.from(value.data as number[]).toString('hex');
    }
    return value;
  });

/**
 * The state of every table but `except`: equal states mean no request changed a row. PostgreSQL
 * hashes in one round trip; SQLite is in process and hashes here.
 */
export async function databaseState(handle: DbHandle, except: readonly string[] = []): Promise<DatabaseState> {
  const names = (await tables(handle)).filter((name) => !except.includes(name));
  if (handle.dialect === 'postgres') {
    const selects = names.map(
      (name) =>
        `SELECT '${name.replaceAll("'", "''")}' AS name, count(*)::int AS n,
          md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS hash FROM ${quoted(name)} r`,
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
    const { rows } = await sql`SELECT * FROM ${sql.raw(quoted(name))}`.execute(handle.db);
    const lines = rows.map(rowText).sort();
    state[name] = `${lines.length} rows ${createHash('md5').update(lines.join('\n')).digest('hex')}`;
  }
  return state;
}
