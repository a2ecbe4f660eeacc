import type { AppConfig } from './config.js';
import { connectDatabase, type DbHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_PAPER_COUNT, seedPapers } from './modules/ingest/seed.js';
import { createPapersRepo } from './modules/papers/repo.js';

/** Connects, migrates, and on an empty database loads the demo papers. */
export async function openDatabase(config: AppConfig, log: (message: string) => void): Promise<DbHandle> {
  const handle = connectDatabase(config);
  try {
    await migrateToLatest(handle);
    if (config.seedDemo && (await createPapersRepo(handle).stats()).total === 0) {
      const inserted = await seedPapers(handle, DEMO_PAPER_COUNT);
      log(`Seeded ${inserted} demo papers`);
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
