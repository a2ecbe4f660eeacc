import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import { connectDatabase, type DbHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_PAPER_COUNT, seedPapers } from './modules/ingest/seed.js';
import { createPapersRepo } from './modules/papers/repo.js';

/**
 * Migrates, on an empty database loads the demo papers, and answers the connection requests use.
 * Migrating and seeding may take longer than a request's statement may, so they have a connection
 * of their own without statement timeouts.
 */
export async function openDatabase(config: AppConfig, log: FastifyBaseLogger): Promise<DbHandle> {
  const setup = connectDatabase({ ...config, databaseStatementTimeoutMs: 0 }, log);
  try {
    await migrateToLatest(setup);
    if (config.seedDemo && (await createPapersRepo(setup).stats()).total === 0) {
      const inserted = await seedPapers(setup, DEMO_PAPER_COUNT);
      log.info(`Seeded ${inserted} demo papers`);
    }
  } finally {
    await setup.close();
  }
  return connectDatabase(config, log);
}
