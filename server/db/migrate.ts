import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DbHandle } from './connect.js';
import { initialMigration } from './migrations/0001_initial.js';
import { contentVersionMigration } from './migrations/0002_content_version.js';

/** Migrations live in code (not read from a folder) so that tsx and the compiled build run the same list. */
function migrationsFor(handle: DbHandle): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(handle.dialect),
    '0002_content_version': contentVersionMigration(handle.dialect),
  };
}

function migratorFor(handle: DbHandle): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle) };
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
