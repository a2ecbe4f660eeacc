import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

const SENTINEL = '\u0000arg:';

/**
 * A query built and compiled once, then run with new argument values. Building a query with Kysely
 * costs more than SQLite takes to run a small one, so the hot read paths (the paper list and a paper)
 * compile at first use and afterwards only bind their arguments.
 *
 * `build` receives stand-ins for its arguments and must pass each one to Kysely as a value (a
 * parameter), never into sql.lit or raw SQL.
 */
export function reusableQuery<Args extends object, Row>(
  // biome-ignore lint/suspicious/noExplicitAny: works with any schema; rows are typed by the built query
  db: Kysely<any>,
  build: (args: Args) => Compilable<Row>,
): (args: Args) => Promise<Row[]> {
  let compiled: { sql: string; slots: ({ arg: string } | { value: unknown })[] } | null = null;
  return async (args) => {
    if (!compiled) {
      const standIns = new Proxy({}, { get: (_, key) => `${SENTINEL}${String(key)}` }) as Args;
      const query = build(standIns).compile();
      compiled = {
        sql: query.sql,
        slots: query.parameters.map((value) =>
          typeof value === 'string' && value.startsWith(SENTINEL) ? { arg: value.slice(SENTINEL.length) } : { value },
        ),
      };
    }
    const values = args as Record<string, unknown>;
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? values[slot.arg] : slot.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
