import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DbHandle } from './connect.js';
import { migrationsFor } from './migrations/index.js';

/** A migration threw; the run's transaction was rolled back, so the schema is as it was before the run. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string,
    cause: unknown,
  ) {
    super(`Migration ${migrationName} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

const schemas = new WeakMap<DbHandle, Promise<string | undefined>>();

/**
 * PostgreSQL: the schema the connection works in (search_path). Kysely looks for its migration
 * tables in every schema unless told which, so another schema's tables (a second site, a test) would
 * pass for this one's.
 */
function migrationSchema(handle: DbHandle): Promise<string | undefined> {
  if (handle.dialect !== 'postgres') return Promise.resolve(undefined);
  const known =
    schemas.get(handle) ??
    sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db).then(({ rows }) => rows[0]?.schema);
  schemas.set(handle, known);
  known.catch(() => schemas.delete(handle));
  return known;
}

async function migratorFor(handle: DbHandle, migrations: Record<string, Migration>): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  return new Migrator({ db: handle.db, provider, migrationTableSchema: await migrationSchema(handle) });
}

/**
 * Runs the pending migrations in one transaction, under a lock (an advisory lock on PostgreSQL, the
 * write lock of an IMMEDIATE transaction on SQLite), so that processes starting at once take turns.
 * `migrations` is for tests; the app runs its own list.
 */
export async function migrateToLatest(
  handle: DbHandle,
  migrations: Record<string, Migration> = migrationsFor(handle.dialect),
): Promise<void> {
  const { error, results } = await (await migratorFor(handle, migrations)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new MigrationFailedError(failed.migrationName, error);
  // Anything else failed before a migration ran (the connection, the lock): its own error says what.
  if (error) throw error;
}

/** The name of the newest applied migration, or null before the first. */
export async function currentMigration(handle: DbHandle): Promise<string | null> {
  const migrations = await (await migratorFor(handle, migrationsFor(handle.dialect))).getMigrations();
  const applied = migrations.filter((m) => m.executedAt !== undefined);
  return applied.at(-1)?.name ?? null;
}

/**
 * The newest migration the database has run and this version's migrations it has not, in one query
 * of the migrations table (cheap enough for a readiness probe, unlike the Migrator's look at every
 * table). Fails when the database has no migrations table.
 */
export async function migrationState(handle: DbHandle): Promise<{ newest: string | null; pending: string[] }> {
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(handle.db);
  const applied = new Set(rows.map((row) => row.name));
  const pending = Object.keys(migrationsFor(handle.dialect)).filter((name) => !applied.has(name));
  return { newest: rows.at(-1)?.name ?? null, pending };
}
