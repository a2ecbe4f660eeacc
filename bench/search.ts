/**
 * Search benchmark at 100,000 papers (--papers up to 1,000,000): the 42,638 real ones, then copies of
 * them made in SQL (bench/lib/paper-copies.ts) whose vectors are jittered copies of their paper's (so
 * the vector index holds distinct points). For each database: how long a web process takes to answer
 * its first search (it reads its full-text index at start) and its resident memory then; p50 and p95
 * of POST /api/papers/semantic sent one at a time (the query's embedding included, every query new),
 * and requests/s at 10 clients beside the trivial route of the same server in the same run. Then papers/min of the bundled encoder for each thread count and call size, and the case after
 * an import: the shared papers just imported, `npm start`, questions while the worker embeds them.
 *   npm run bench:search [-- FILE --papers 100000 --seconds 10 --connections 10
 *     --only sqlite|postgres|pglite|embedding|while-embedding|for-you
 *     --threads 1,2 --call-sizes 1,2,8 --batches 64 --embed-seconds 20 --db sqlite,postgres,pglite --text-only]
 * FILE: the shared 42,639 papers (see bench/search-eval/README.md). Vectors come from bench/.cache
 * (made once by this script or eval:search: about two hours of one core, shared over all cores). SQLite keeps its data in
 * data/bench-search-sqlite; PostgreSQL uses the schema bench_search of BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local postgres database (full text only where it lacks pgvector);
 * PGlite with pgvector, served over its socket from a child process, keeps data/bench-search-pglite.
 * `embedding` runs each setup in a fresh process under tsx (no build); `while-embedding` imports into
 * fresh databases (data/bench-search-import-*, the schema bench_search_import) and runs the server
 * with EMBEDDING_THREADS as set for this script. Questions are short (words of a title) and long (a
 * heading in context, "subject: section > heading", or two sentences of an abstract). --text-only
 * stores no vectors, so that the 100,000-paper cases measure full text without the vector cache.
 * After each database's server, "For you"'s ranking is timed for readers of 3 and of 200 saved papers
 * (ranked, as the site ranks them, from their newest SAVED_PAPERS_RANKED), on a
 * full-text index built in this process from that database (its build time and the memory it holds
 * printed first); `for-you` does only that, on SQLite.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Health } from '../common/health.js';
import { RECOMMENDATIONS_LIMIT } from '../common/recommendations.js';
import { ensureBuilt, type RunningServer, startProductionServer } from '../scripts/lib/production-server.js';
import { loadConfig } from '../server/config.js';
import { connectDatabase } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { DEFAULT_EMBEDDER_OPTIONS } from '../server/jobs/embed-papers.js';
import { createLogger } from '../server/logger.js';
import { seedPapers } from '../server/modules/ingest/seed.js';
import { SAVED_PAPERS_RANKED } from '../server/modules/recommendations/service.js';
import { createSearchRepo } from '../server/modules/search/repo.js';
import { createTextSearch } from '../server/modules/search/text-search.js';
import { BACKGROUND_CALL_SIZE } from '../server/providers/embeddings/use-lite.js';
import { splitSentences } from '../server/providers/summary/abstract-text.js';
import { postgresSchemaUrl, startPgliteServer } from './lib/bench-databases.js';
import { corpusFile, readCorpus, validCopy } from './lib/corpus.js';
import { CACHE_DIR, processedPaperText } from './lib/corpus-vectors.js';
import { measureEmbeddingRate } from './lib/embedding-cost.js';
import { measure, residentMb } from './lib/load.js';
import { copyPapers } from './lib/paper-copies.js';
import { storeVectors, vectorsByText } from './lib/paper-vectors.js';
import { inContext } from './lib/search-eval/judged-sets.js';
import { sample } from './lib/search-eval/sample.js';
import { alikeLatency, relatedLatency, searchLatency, searchThroughput, titleQueries } from './lib/search-load.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    papers: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    threads: { type: 'string' },
    'call-sizes': { type: 'string', default: '1,2,8' },
    batches: { type: 'string', default: String(DEFAULT_EMBEDDER_OPTIONS.batchSize) },
    'embed-seconds': { type: 'string', default: '20' },
    db: { type: 'string', default: 'sqlite,postgres,pglite' },
    'text-only': { type: 'boolean', default: false },
  },
});
const paperCount = Number(values.papers);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const numbers = (list: string) => list.split(',').map(Number);
const LATENCY_SAMPLES = 200;
const WARM_UP = 20;
/** Papers whose texts the encoder's throughput is measured on. */
const EMBEDDING_SAMPLE = 4_000;
/** The shortest time the pace of embedding is measured over while questions are asked. */
const PACE_MS = 60_000;
/**
 * Readers whose "For you" is timed, after a few to warm up, and the papers each saved: three (as the
 * eval's readers) and 200 (issue 22).
 */
const FOR_YOU_READERS = 100;
const SAVED_PAPER_COUNTS = [3, 200];

const file = corpusFile(positionals[0], 'npm run bench:search -- FILE');
const papers = await readCorpus(file);
const queries = titleQueries(
  papers.map((paper) => paper.title),
  5_000,
  20260701,
);

const longQuestions = sample(papers, LATENCY_SAMPLES + WARM_UP, 20261127).map((paper, i) =>
  i % 2 === 0
    ? inContext(paper.title.split(/\s+/).slice(0, 4).join(' '), paper.primaryCategory)
    : splitSentences(paper.abstract).slice(-2).join(' '),
);

let byText: Map<string, Float32Array | undefined> | null = null;

/** Seeds the papers (kept between runs) and stores their vectors where the database has a vector index. */
async function prepare(env: Record<string, string>): Promise<void> {
  if (!values['text-only']) byText ??= await vectorsByText(file, papers);
  const handle = connectDatabase({ ...loadConfig({ ...env, LOG_LEVEL: 'warn' }), databaseStatementTimeoutMs: 0 });
  try {
    await migrateToLatest(handle);
    const started = Date.now();
    const inserted = await seedPapers(handle, Math.min(paperCount, papers.length), await validCopy(file, CACHE_DIR));
    const copied = await copyPapers(handle, paperCount);
    if (inserted + copied > 0)
      console.log(`  seeded ${inserted} papers, copied ${copied}, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (byText) await storeVectors(handle, byText);
  } finally {
    await handle.close();
  }
}

async function benchDatabase(name: string, env: Record<string, string>): Promise<void> {
  console.log(`\n${name}: preparing ${paperCount} papers`);
  await prepare(env);
  const launched = performance.now();
  const server = await startProductionServer({ ...env, SEED_DEMO: 'false', TRUST_PROXY: '1' });
  try {
    const url = `${server.baseUrl}/api/papers/semantic`;
    const live = `${server.baseUrl}/api/health/live`;
    const listening = (performance.now() - launched) / 1000;
    // The first search waits for the full-text index the process reads at start.
    await searchLatency(url, queries.slice(0, 1), 0);
    const ready = (performance.now() - launched) / 1000;
    const pid = server.process.pid as number;
    console.log(
      `${name}: web process listening after ${listening.toFixed(1)} s, first search answered after ${ready.toFixed(1)} s; ` +
        `resident memory ${residentMb(pid).toFixed(0)} MB (peak ${residentMb(pid, 'peak').toFixed(0)} MB)`,
    );
    const { search: status } = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as Health;
    console.log(
      `${name}: vector index ${status.vectorIndex}, ${status.embedded.done} of ${status.embedded.total} papers embedded`,
    );
    await searchLatency(url, queries.slice(0, WARM_UP), 0);
    const latency = await searchLatency(url, queries.slice(WARM_UP, WARM_UP + LATENCY_SAMPLES), WARM_UP);
    const long = await searchLatency(url, longQuestions.slice(WARM_UP), LATENCY_SAMPLES + WARM_UP);
    console.log(
      `${name}: one search at a time (${latency.count}, each query new): p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms; ` +
        `long questions (${long.count}): p50 ${long.p50.toFixed(1)} ms, p95 ${long.p95.toFixed(1)} ms`,
    );
    const relatedIds = sample(
      Array.from({ length: paperCount }, (_, i) => i + 1),
      LATENCY_SAMPLES,
      20261128,
    );
    const related = await relatedLatency(server.baseUrl, relatedIds);
    console.log(
      `${name}: related papers of ${related.count} papers, one at a time: p50 ${related.p50.toFixed(1)} ms, p95 ${related.p95.toFixed(1)} ms`,
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
  await forYouLatency(name, env);
}

/** Memory the process holds (heap and the typed arrays' buffers) once garbage is collected, MB. */
function heldMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1024 / 1024;
}

/**
 * p50 and p95 of "For you"'s ranking (`TextSearch.alike`, the papers of their saved papers' areas
 * lifted) for readers of each of SAVED_PAPER_COUNTS saved papers drawn by seed, asked one at a time of a
 * full-text index built in this process from the database, as a web process builds its own.
 */
async function forYouLatency(name: string, env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'warn' });
  const handle = connectDatabase(config);
  try {
    const repo = createSearchRepo(handle);
    const textSearch = createTextSearch({ repo, titleWeight: config.search.titleWeight, log: createLogger('warn') });
    const before = heldMb();
    const started = performance.now();
    await textSearch.warmUp();
    const builtSeconds = (performance.now() - started) / 1000;
    console.log(
      `${name}: full-text index of ${paperCount} papers, built in this process in ${builtSeconds.toFixed(1)} s, ` +
        `holds ${(heldMb() - before).toFixed(0)} MB (heap and typed arrays, after collecting garbage)`,
    );
    const ids = Array.from({ length: paperCount }, (_, i) => i + 1);
    const areaOf = new Map(await repo.primaryCategories());
    for (const savedPapers of SAVED_PAPER_COUNTS) {
      const readers = await Promise.all(
        Array.from({ length: WARM_UP + FOR_YOU_READERS }, async (_, i) => {
          const saved = (await repo.paperTextsOf(sample(ids, savedPapers, 20261201 + i)))
            .slice(0, SAVED_PAPERS_RANKED)
            .map(({ id, title, abstract }) => ({ id, title, abstract }));
          const areas = new Set(saved.map((paper) => areaOf.get(paper.id)));
          return { saved, inTheirAreas: (paperId: number) => areas.has(areaOf.get(paperId)) };
        }),
      );
      await alikeLatency(textSearch, readers.slice(0, WARM_UP), RECOMMENDATIONS_LIMIT);
      if (savedPapers === SAVED_PAPER_COUNTS[0]) {
        console.log(
          `${name}: with the word-pair index and topics, built at the first "For you" ` +
            `(${((performance.now() - started) / 1000).toFixed(1)} s from the start), the index holds ${(heldMb() - before).toFixed(0)} MB`,
        );
      }
      const latency = await alikeLatency(textSearch, readers.slice(WARM_UP), RECOMMENDATIONS_LIMIT);
      console.log(
        `${name}: "For you" of ${latency.count} readers of ${savedPapers} saved papers (the newest ${SAVED_PAPERS_RANKED} ranked), one at a time (the ranking, ` +
          `in process; index built in ${builtSeconds.toFixed(0)} s): p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms; ` +
          `processor time p50 ${latency.processorP50.toFixed(1)} ms, p95 ${latency.processorP95.toFixed(1)} ms (load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
      );
    }
  } finally {
    await handle.close();
  }
}

/** Papers a minute of the bundled encoder for each thread count, call size and request size, each in a fresh process. */
async function benchEmbedding(): Promise<void> {
  const texts = papers.slice(0, EMBEDDING_SAMPLE).map(processedPaperText);
  const embedSeconds = Number(values['embed-seconds']);
  const threadCounts = values.threads
    ? numbers(values.threads)
    : Array.from({ length: availableParallelism() }, (_, i) => i + 1);
  console.log(
    `\nEmbedding the shared papers with the bundled encoder on ${availableParallelism()} cores, ${embedSeconds} s a setup ` +
      `(the site's defaults: texts a call ${BACKGROUND_CALL_SIZE}, papers a request ${DEFAULT_EMBEDDER_OPTIONS.batchSize})`,
  );
  console.log('threads  texts/call  papers/request  papers/min  model load  peak memory');
  for (const threads of threadCounts) {
    for (const batch of numbers(values.batches)) {
      for (const callSize of numbers(values['call-sizes'])) {
        const rate = await measureEmbeddingRate(texts, { threads, callSize, batch, seconds: embedSeconds });
        console.log(
          `${String(threads).padStart(7)}  ${String(callSize).padStart(10)}  ${String(batch).padStart(14)}  ` +
            `${rate.papersPerMinute.toFixed(0).padStart(10)}  ${`${(rate.loadMs / 1000).toFixed(1)} s`.padStart(10)}  ` +
            `${`${rate.peakMb.toFixed(0)} MB`.padStart(11)}`,
        );
      }
    }
  }
}

/** `npm run import -- FILE --processed`, as an operator runs it. */
async function importProcessed(env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/cli/import.ts', file, '--processed'],
    { env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, maxBuffer: 10 * 1024 * 1024 },
  );
  return stdout.trim().split('\n').at(-1) ?? '';
}

/** p50 and p95 of new questions sent one at a time after a few to warm up, and how many were answered without their vector. */
async function questionsLatency(server: RunningServer): Promise<string> {
  const url = `${server.baseUrl}/api/papers/semantic`;
  await searchLatency(url, queries.slice(0, WARM_UP), 0);
  const latency = await searchLatency(url, queries.slice(WARM_UP, WARM_UP + LATENCY_SAMPLES), WARM_UP);
  const long = await searchLatency(url, longQuestions.slice(WARM_UP), LATENCY_SAMPLES + WARM_UP);
  const late = server.output().match(/not embedded in time/g)?.length ?? 0;
  return (
    `${latency.count} questions one at a time: p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms; ` +
    `${long.count} long ones: p50 ${long.p50.toFixed(1)} ms, p95 ${long.p95.toFixed(1)} ms; ` +
    `${late} of ${latency.count + long.count + WARM_UP} answered from full text alone, their vector late`
  );
}

/**
 * The case after an import: the shared papers just imported, none embedded, `npm start` (the web
 * server and the worker in one process), questions at once while the worker embeds; then the same
 * questions to `npm run start:web` (nothing embedding) on that database. The pace of embedding is
 * measured from /api/health over at least a minute.
 */
async function benchWhileEmbedding(name: string, env: Record<string, string>): Promise<void> {
  console.log(`\n${name}, just imported: ${await importProcessed(env)}`);
  const serverEnv = { ...env, SEED_DEMO: 'false', TRUST_PROXY: '1' };
  const server = await startProductionServer(serverEnv);
  try {
    const health = async () => ((await (await fetch(`${server.baseUrl}/api/health`)).json()) as Health).search;
    const first = await health();
    const started = performance.now();
    console.log(
      `${name}, npm start while embedding (vector index ${first.vectorIndex}): ${await questionsLatency(server)}`,
    );
    await sleep(Math.max(0, PACE_MS - (performance.now() - started)));
    const last = await health();
    const minutes = (performance.now() - started) / 60_000;
    const embedded = last.embedded.done - first.embedded.done;
    const left = last.embedded.secondsLeft;
    console.log(
      `${name}: embedded ${embedded} papers in ${minutes.toFixed(1)} min, ${(embedded / minutes).toFixed(0)} papers/min ` +
        `(EMBEDDING_THREADS ${process.env.EMBEDDING_THREADS ?? `default, ${availableParallelism()}`}); ` +
        `${last.embedded.done} of ${last.embedded.total} done, /api/health says ${left === null ? 'no estimate yet' : `${(left / 60).toFixed(0)} min left`}`,
    );
  } finally {
    await server.stop();
  }
  const web = await startProductionServer(serverEnv, ['--role=web']);
  try {
    console.log(`${name}, npm run start:web (nothing embedding): ${await questionsLatency(web)}`);
  } finally {
    await web.stop();
  }
}

const only = values.only;
if (!only || ['sqlite', 'postgres', 'pglite', 'while-embedding'].includes(only)) ensureBuilt();
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

if (only === 'for-you') {
  const env = { DATA_DIR: path.resolve('data/bench-search-sqlite') };
  console.log(`\nSQLite: preparing ${paperCount} papers`);
  await prepare(env);
  await forYouLatency('SQLite', env);
}

if (!only || only === 'embedding') await benchEmbedding();

if (!only || only === 'while-embedding') {
  const databases = values.db.split(',');
  const fresh = (directory: string) => {
    rmSync(path.resolve(directory), { recursive: true, force: true });
    return path.resolve(directory);
  };
  if (databases.includes('sqlite'))
    await benchWhileEmbedding('SQLite', { DATA_DIR: fresh('data/bench-search-import-sqlite') });
  if (databases.includes('postgres'))
    await benchWhileEmbedding('PostgreSQL', {
      DATABASE_URL: await postgresSchemaUrl('bench_search_import', { fresh: true }),
      DATA_DIR: fresh('data/bench-search-import-pg'),
    });
  if (databases.includes('pglite')) {
    const pglite = await startPgliteServer(fresh('data/bench-search-import-pglite'));
    try {
      await benchWhileEmbedding('PGlite + pgvector', {
        DATABASE_URL: pglite.url,
        DATA_DIR: fresh('data/bench-search-import-pglite-files'),
      });
    } finally {
      await pglite.stop();
    }
  }
}
