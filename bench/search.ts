/**
 * Search benchmark at 100,000 papers: the 42,638 real ones, then seed variants whose vectors are
 * jittered copies of their paper's (so the vector index holds distinct points). For each database:
 * p50 and p95 of POST /api/papers/semantic sent one at a time (the query's embedding included, every
 * query new), and requests/s at 10 clients beside the trivial route of the same server in the same
 * run; then the time and peak memory of embedding 1,000 abstracts with the bundled encoder.
 *   npm run bench:search [-- FILE --papers 100000 --seconds 10 --connections 10 --only sqlite|postgres|pglite|embedding]
 * FILE: the shared 42,639 papers (see bench/search-eval/README.md). Vectors come from bench/.cache
 * (made once by this script or eval:search: about two hours of one core, shared over all cores). SQLite keeps its data in
 * data/bench-search-sqlite; PostgreSQL uses the schema bench_search of BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local postgres database (full text only where it lacks pgvector);
 * PGlite with pgvector, served over its socket from a child process, keeps data/bench-search-pglite.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Health } from '../common/health.js';
import { ensureBuilt, startProductionServer } from '../scripts/lib/production-server.js';
import { loadConfig } from '../server/config.js';
import { connectDatabase } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedPapers } from '../server/modules/ingest/seed.js';
import { postgresSchemaUrl, startPgliteServer } from './lib/bench-databases.js';
import { corpusFile, readCorpus, validCopy } from './lib/corpus.js';
import { CACHE_DIR, processedPaperText } from './lib/corpus-vectors.js';
import { measureEmbedding } from './lib/embedding-cost.js';
import { measure } from './lib/load.js';
import { storeVectors, vectorsByText } from './lib/paper-vectors.js';
import { searchLatency, searchThroughput, titleQueries } from './lib/search-load.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
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
const LATENCY_SAMPLES = 200;
const WARM_UP = 20;

const file = corpusFile(positionals[0], 'npm run bench:search -- FILE');
const papers = await readCorpus(file);
const queries = titleQueries(
  papers.map((paper) => paper.title),
  5_000,
  20260701,
);

const byText = await vectorsByText(file, papers);

/** Seeds the papers (kept between runs) and stores their vectors where the database has a vector index. */
async function prepare(env: Record<string, string>): Promise<void> {
  const handle = connectDatabase({ ...loadConfig({ ...env, LOG_LEVEL: 'warn' }), databaseStatementTimeoutMs: 0 });
  try {
    await migrateToLatest(handle);
    const started = Date.now();
    const inserted = await seedPapers(handle, paperCount, await validCopy(file, CACHE_DIR));
    if (inserted > 0) console.log(`  seeded ${inserted} papers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await storeVectors(handle, byText);
  } finally {
    await handle.close();
  }
}

async function benchDatabase(name: string, env: Record<string, string>): Promise<void> {
  console.log(`\n${name}: preparing ${paperCount} papers`);
  await prepare(env);
  const server = await startProductionServer({ ...env, SEED_DEMO: 'false', TRUST_PROXY: '1' });
  try {
    const url = `${server.baseUrl}/api/papers/semantic`;
    const live = `${server.baseUrl}/api/health/live`;
    const { search: status } = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as Health;
    console.log(
      `${name}: vector index ${status.vectorIndex}, ${status.embedded.done} of ${status.embedded.total} papers embedded`,
    );
    await searchLatency(url, queries.slice(0, WARM_UP), 0);
    const latency = await searchLatency(url, queries.slice(WARM_UP, WARM_UP + LATENCY_SAMPLES), WARM_UP);
    console.log(
      `${name}: one search at a time (${latency.count}, each query new): p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms`,
    );
    await measure(live, connections, seconds); // warm-up of the load generator and the server
    const search = await searchThroughput(
      url,
      queries.slice(WARM_UP + LATENCY_SAMPLES),
      1_000_000,
      connections,
      seconds,
    );
    const trivial = await measure(live, connections, seconds);
    const failed = search.failed > 0 ? `, ${search.failed} of ${search.requests} answered ${search.statuses}` : '';
    console.log(
      `${name}: ${connections} clients, ${seconds} s: search ${search.rps.toFixed(1)} req/s (p99 ${search.p99} ms${failed}), ` +
        `/api/health/live ${trivial.rps.toFixed(0)} req/s, ratio ${(search.rps / trivial.rps).toFixed(3)}`,
    );
  } finally {
    await server.stop();
  }
}

ensureBuilt();
const only = values.only;
if (!only || only === 'sqlite') await benchDatabase('SQLite', { DATA_DIR: path.resolve('data/bench-search-sqlite') });
if (!only || only === 'postgres')
  await benchDatabase('PostgreSQL', {
    DATABASE_URL: await postgresSchemaUrl('bench_search'),
    DATA_DIR: path.resolve('data/bench-search-pg'),
  });
if (!only || only === 'pglite') {
  const pglite = await startPgliteServer(path.resolve('data/bench-search-pglite'));
  try {
    await benchDatabase('PGlite + pgvector', {
      DATABASE_URL: pglite.url,
      DATA_DIR: path.resolve('data/bench-search-pglite-files'),
    });
  } finally {
    await pglite.stop();
  }
}

if (!only || only === 'embedding') {
  const abstracts = papers.slice(0, 1_000).map(processedPaperText);
  const cost = await measureEmbedding(abstracts);
  console.log(
    `\nEmbedding 1,000 abstracts with the bundled encoder (production build, one thread): ${(cost.embedMs / 1000).toFixed(1)} s ` +
      `(${(cost.embedMs / abstracts.length).toFixed(0)} ms each) after a model load of ${cost.loadMs.toFixed(0)} ms; peak memory of the process ${cost.peakMb.toFixed(0)} MB`,
  );
}
