import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DbHandle } from './connect.js';
import { migrationsFor } from './migrations/index.js';

/** A migration threw; its transaction was rolled back, so the schema is as it was before it. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string,
    cause: unknown,
  ) {
    super(`Migration ${migrationName} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

function migratorFor(handle: DbHandle, migrations: Record<string, Migration>): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  return new Migrator({ db: handle.db, provider });
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
  const { error, results } = await migratorFor(handle, migrations).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new MigrationFailedError(failed.migrationName, error);
  // Anything else failed before a migration ran (the connection, the lock): its own error says what.
  if (error) throw error;
}

/** The name of the newest applied migration, or null before the first. */
export async function currentMigration(handle: DbHandle): Promise<string | null> {
  const migrations = await migratorFor(handle, migrationsFor(handle.dialect)).getMigrations();
  const applied = migrations.filter((m) => m.executedAt !== undefined);
  return applied.at(-1)?.name ?? null;
}
