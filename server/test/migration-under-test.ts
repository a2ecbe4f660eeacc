import { onTestFinished } from 'vitest';
import { loadConfig } from '../config.js';
import { connectDatabase, type DbHandle } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrationsFor } from '../db/migrations/index.js';
import type { TestDatabaseKind } from './databases.js';

export interface DatabaseBeforeMigration {
  handle: DbHandle;
  /** Runs the migration under test and every later one. */
  migrateRest(): Promise<void>;
}

/**
 * A fresh database of `kind` migrated to just before `migrationName`, so that a test can store rows
 * as they were then and see what the migration makes of them. Closed and removed when the calling
 * test finishes.
 */
export async function databaseBefore(kind: TestDatabaseKind, migrationName: string): Promise<DatabaseBeforeMigration> {
  const database = await kind.create();
  onTestFinished(() => database.dispose());
  const handle = connectDatabase(loadConfig(database.env));
  // Finished hooks run last first: the connection closes before its database goes.
  onTestFinished(() => handle.close());
  const all = migrationsFor(handle.dialect);
  await migrateToLatest(handle, Object.fromEntries(Object.entries(all).filter(([name]) => name < migrationName)));
  return { handle, migrateRest: () => migrateToLatest(handle, all) };
}

/** A fresh database of `kind` with every migration run; closed and removed when the calling test finishes. */
export async function migratedDatabase(kind: TestDatabaseKind): Promise<DbHandle> {
  const { handle, migrateRest } = await databaseBefore(kind, '0000');
  await migrateRest();
  return handle;
}
