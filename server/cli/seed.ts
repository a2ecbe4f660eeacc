import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedPapers } from '../modules/ingest/seed.js';
import { createPapersRepo } from '../modules/papers/repo.js';

const { values } = parseArgs({ options: { count: { type: 'string', default: '600' } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--count must be a positive integer, got "${values.count}"`);
  process.exit(1);
}

const config = loadConfig();
const handle = connectDatabase(config);
try {
  await migrateToLatest(handle);
  const started = Date.now();
  const inserted = await seedPapers(handle, count);
  const { total } = await createPapersRepo(handle).stats();
  console.log(
    `Inserted ${inserted} papers in ${((Date.now() - started) / 1000).toFixed(1)} s; ${total} in the ${handle.dialect} database.`,
  );
} finally {
  await handle.close();
}
