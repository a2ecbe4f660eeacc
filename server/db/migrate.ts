import { type MigrationProvider, Migrator } from 'kysely';
import type { DbHandle } from './connect.js';
import { migrationsFor } from './migrations/index.js';

function migratorFor(handle: DbHandle): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
  return new Migrator({ db: handle.db, provider });
}

export async function migrateToLatest(handle: DbHandle): Promise<void> {
  const { error, results } = await migratorFor(handle).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** The name of the newest applied migration, or null before the first. */
export async function currentMigration(handle: DbHandle): Promise<string | null> {
  const migrations = await migratorFor(handle).getMigrations();
  const applied = migrations.filter((m) => m.executedAt !== undefined);
  return applied.at(-1)?.name ?? null;
}
