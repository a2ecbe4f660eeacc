// A process that migrates the database named by its environment (DATA_DIR or DATABASE_URL) when it
// reads "go" on stdin, so that a test can start several at the same moment. Besides the app's
// migrations it runs a slow one, which keeps the migration lock long enough for the others to meet it.
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrationsFor } from '../db/migrations/index.js';

const handle = connectDatabase(loadConfig());
const migrations = {
  ...migrationsFor(handle.dialect),
  '9999_slow_probe': {
    // biome-ignore lint/suspicious/noExplicitAny: the probe table is not part of the app's schema
    async up(db: Kysely<any>) {
      await db.schema.createTable('migration_probe').addColumn('id', 'integer').execute();
      await sleep(1_000);
      await db.insertInto('migration_probe').values({ id: 1 }).execute();
    },
  },
};

console.log('ready');
await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));
try {
  await migrateToLatest(handle, migrations);
  console.log('migrated');
} catch (error) {
  console.log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await handle.close();
  process.stdin.destroy();
}
