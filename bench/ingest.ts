/**
 * Papers processed per minute by queue workers: worker processes (`--role=worker`) take papers queued
 * all at once, with the extractive summariser, with a local fake model that answers at once (the
 * pipeline's own overhead), and with that model plus the text of a real PDF for every paper; on
 * SQLite with one worker, on PostgreSQL with one and with two.
 *   npm run bench:ingest [-- --papers 300 --pdf-papers 60]
 * PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set; each run gets a fresh schema.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import type { DbHandle } from '../server/db/connect.js';
import { createLogger } from '../server/logger.js';
import { readDemoPapers } from '../server/modules/ingest/seed.js';
import { createQueueRepo } from '../server/modules/queue/repo.js';
import type { ArxivPaper } from '../server/providers/arxiv/types.js';
import { openDatabase } from '../server/startup.js';
import type { TestDatabaseKind } from '../server/test/databases.js';
import { startFakeLlm } from '../server/test/fake-llm.js';

const { values } = parseArgs({
  options: { papers: { type: 'string', default: '300' }, 'pdf-papers': { type: 'string', default: '60' } },
});
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
// Imported once the variable is set: the module reads it as it loads.
const { testDatabaseKinds: kinds } = await import('../server/test/databases.js');

/** `count` of the demo papers (cycled, with fresh ids), as the arXiv client describes them. */
async function benchPapers(count: number): Promise<ArxivPaper[]> {
  const real = await readDemoPapers();
  return Array.from({ length: count }, (_, index) => ({
    ...(real[index % real.length] as ArxivPaper),
    arxivId: `2601.${String(index + 1).padStart(5, '0')}`,
  }));
}

/** Answers the same real PDF for every paper. */
async function startPdfEverywhere(): Promise<{ url: string; close(): Promise<void> }> {
  const pdf = readFileSync(new URL('../server/test/fixtures/pdfs/1111.2011v2.pdf', import.meta.url));
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.byteLength }).end(pdf);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pdf`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A worker process; resolves once it has started looking at the queue. */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--role=worker'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited with code ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('queue worker started')) resolve();
    });
  });
  return child;
}

async function count(handle: DbHandle, table: 'queue_items' | 'papers'): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

interface Run {
  kind: TestDatabaseKind;
  workers: number;
  summariser: string;
  papers: number;
  env: Record<string, string>;
}

/** Papers per minute, from the first paper stored to the last. */
async function measure(run: Run, papers: ArxivPaper[]): Promise<number> {
  const database = await run.kind.create();
  const env = { ...database.env, ...run.env, SEED_DEMO: 'false' };
  const handle = await openDatabase(loadConfig(env), createLogger('silent'));
  const workers: ChildProcess[] = [];
  try {
    for (let i = 0; i < run.workers; i++) workers.push(await startWorker(env));
    await createQueueRepo(handle).enqueue(papers.slice(0, run.papers), 'back', new Date().toISOString());
    // Timed from the first paper stored, so the workers' wait between looks at an empty queue is left out.
    while ((await count(handle, 'papers')) === 0) await sleep(5);
    const started = performance.now();
    while ((await count(handle, 'queue_items')) > 0) await sleep(5);
    const minutes = (performance.now() - started) / 60_000;
    const stored = await count(handle, 'papers');
    if (stored !== run.papers) throw new Error(`stored ${stored} of ${run.papers} papers`);
    return (run.papers - 1) / minutes;
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
    await handle.close();
    await database.dispose();
  }
}

const paperCount = Number(values.papers);
const pdfCount = Number(values['pdf-papers']);
const papers = await benchPapers(Math.max(paperCount, pdfCount));
const llm = await startFakeLlm('valid');
const pdfHost = await startPdfEverywhere();
const fakeModel = { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', ARXIV_PDF_URL: 'http://127.0.0.1:9/pdf' };
const summarisers = [
  { summariser: 'extractive', papers: paperCount, env: {} },
  { summariser: 'fake model, no PDF', papers: paperCount, env: fakeModel },
  { summariser: 'fake model + PDF text', papers: pdfCount, env: { ...fakeModel, ARXIV_PDF_URL: pdfHost.url } },
];
const runs: Run[] = kinds.flatMap((kind) =>
  (kind.name === 'sqlite' ? [1] : [1, 2]).flatMap((workers) =>
    summarisers.map((summariser) => ({ kind, workers, ...summariser })),
  ),
);

console.log('database   workers  summary                  papers  papers/min');
try {
  for (const run of runs) {
    const perMinute = await measure(run, papers);
    console.log(
      `${run.kind.name.padEnd(10)} ${String(run.workers).padStart(7)}  ${run.summariser.padEnd(23)}  ${String(run.papers).padStart(6)}  ${perMinute.toFixed(0).padStart(10)}`,
    );
  }
} finally {
  await llm.close();
  await pdfHost.close();
}
