/**
 * API benchmark (DESIGN §7): 100,000 papers, on SQLite and on PostgreSQL, each route measured beside
 * the trivial liveness route of the same server in the same run, reported as ratios.
 *   npm run bench:api [-- --papers 100000 --seconds 10 --connections 10 --only sqlite|postgres]
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * the papers go into a schema `bench_api` there, kept between runs like the SQLite file in data/bench.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, startProductionServer } from '../scripts/lib/production-server.js';
import { loadConfig } from '../server/config.js';
import { connectDatabase } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedPapers } from '../server/modules/ingest/seed.js';
import { postgresSchemaUrl } from './lib/bench-databases.js';
import { type Measurement, measure } from './lib/load.js';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const paperCount = Number(values.papers);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const measureUrl = (url: string): Promise<Measurement> => measure(url, connections, seconds);

async function postgresEnv(): Promise<Record<string, string>> {
  return { DATABASE_URL: await postgresSchemaUrl('bench_api'), DATA_DIR: path.resolve('data/bench-pg') };
}

async function prepare(env: Record<string, string>): Promise<void> {
  const handle = connectDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    await migrateToLatest(handle);
    const started = Date.now();
    const inserted = await seedPapers(handle, paperCount);
    if (inserted > 0) console.log(`  seeded ${inserted} papers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await handle.close();
  }
}

async function benchDialect(name: string, env: Record<string, string>): Promise<void> {
  console.log(`\n${name}: preparing ${paperCount} papers`);
  await prepare(env);
  const server = await startProductionServer({ ...env, SEED_DEMO: 'false' });
  try {
    const base = `${server.baseUrl}/api`;
    const lastPage = Math.ceil(paperCount / 6);
    const deepPage = Math.min(10_000, lastPage);
    const sample = (await (await fetch(`${base}/papers?page=1&limit=6`)).json()) as { papers: { arxivId: string }[] };
    const arxivId = sample.papers[0]?.arxivId ?? '';
    const routes: [string, string][] = [
      ['list page 1', `${base}/papers?page=1&limit=6`],
      [`list page ${deepPage}`, `${base}/papers?page=${deepPage}&limit=6`],
      [`detail ${arxivId}`, `${base}/papers/${arxivId}`],
    ];
    const rows: { route: string; m: Measurement; trivial: Measurement }[] = [];
    await measureUrl(`${base}/health/live`); // warm-up
    for (const [route, url] of routes) {
      await measureUrl(url); // warm-up, then the route beside a fresh trivial measurement
      const m = await measureUrl(url);
      const trivial = await measureUrl(`${base}/health/live`);
      rows.push({ route, m, trivial });
    }
    console.log(`${name} (${seconds} s each, ${connections} connections)`);
    console.log(
      'route'.padEnd(26),
      'req/s'.padStart(8),
      'p99 ms'.padStart(8),
      'trivial req/s'.padStart(14),
      'ratio'.padStart(7),
    );
    for (const { route, m, trivial } of rows) {
      console.log(
        route.padEnd(26),
        m.rps.toFixed(0).padStart(8),
        m.p99.toFixed(1).padStart(8),
        trivial.rps.toFixed(0).padStart(14),
        (m.rps / trivial.rps).toFixed(2).padStart(7),
      );
    }
    const [page1, deep] = rows;
    if (page1 && deep) {
      console.log(`deep page vs page 1: ${(page1.m.rps / deep.m.rps).toFixed(2)}x slower by req/s (target <= 2)`);
    }
  } finally {
    await server.stop();
  }
}

ensureBuilt();
if (values.only !== 'postgres') await benchDialect('SQLite', { DATA_DIR: path.resolve('data/bench-sqlite') });
if (values.only !== 'sqlite') await benchDialect('PostgreSQL', await postgresEnv());
