/**
 * The site under many readers at once: each virtual reader has its own verified account (signed in
 * beforehand) and its own client address (X-Forwarded-For from a trusted proxy), and browses the
 * digest with pauses: lists, rendered digest and paper pages, papers, comments, searches, bookmarks,
 * comments with uploaded images, now and then a sign-in (mix and budgets in bench/lib/load-mix.ts).
 * Readers arrive over the first --ramp-seconds. Printed per database: requests, p50/p99 per kind,
 * 5xx, 429s, every acknowledged bookmark, comment and image read back afterwards, and the server
 * processes' memory. Exits non-zero on any 5xx, 4xx other than 429, request without an answer
 * within 60 s, or acknowledged write the site lacks. See docs/decisions/0017-load-benchmark.md.
 *   npm run bench:load [-- --clients 200 --seconds 60 --papers 5000 --think-ms 1000 --ramp-seconds 10 --only sqlite|postgres]
 * SQLite: one process serving and working (`npm start`), data in data/bench-load-sqlite.
 * PostgreSQL: two web processes and one worker on the schema bench_load of BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local postgres database; readers spread over both web processes.
 * Papers (the demo papers, then synthetic variants) are kept between runs; accounts are new each run.
 * The images readers upload stay in DATA_DIR/uploads, about 25 MB a run: delete the folder at will.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../scripts/lib/production-server.js';
import { loadConfig } from '../server/config.js';
import { connectDatabase } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { DEMO_PAPERS_FILE, readDemoPapers, seedPapers } from '../server/modules/ingest/seed.js';
import { postgresSchemaUrl } from './lib/bench-databases.js';
import { residentMb } from './lib/load.js';
import { DEFAULT_MIX, REQUEST_KINDS } from './lib/load-mix.js';
import { createReaders, type Reader } from './lib/load-readers.js';
import { type LoadSite, type SiteProcess, startLoadSite } from './lib/load-site.js';
import { describeLoad, type MachineLoad, machineLoad } from './lib/machine-load.js';
import { storeVectors, vectorsByText } from './lib/paper-vectors.js';
import { noisePng } from './lib/png-image.js';
import { readBack } from './lib/read-back.js';
import { type KindSummary, RequestStats } from './lib/request-stats.js';
import { titleQueries } from './lib/search-load.js';
import { runReader } from './lib/virtual-reader.js';
import { type WriteCheck, WriteLedger, writesKept } from './lib/write-ledger.js';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    papers: { type: 'string', default: '5000' },
    'think-ms': { type: 'string', default: '1000' },
    'ramp-seconds': { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const paperCount = Number(values.papers);
const thinkMs = Number(values['think-ms']);
const rampMs = Number(values['ramp-seconds']) * 1000;
const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const sessionSecret = randomBytes(32).toString('hex');

const demoPapers = await readDemoPapers();
const queries = titleQueries(
  demoPapers.map((paper) => paper.title),
  2_000,
  20260713,
);
const byText = await vectorsByText(DEMO_PAPERS_FILE, demoPapers);
const image = new Blob([new Uint8Array(noisePng(320, 240))], { type: 'image/png' });

interface Prepared {
  papers: { id: number; arxivId: string }[];
  readers: Reader[];
}

/** Papers (kept between runs) with their vectors, and this run's readers, before any server starts. */
async function prepare(env: Record<string, string>): Promise<Prepared> {
  const handle = connectDatabase({ ...loadConfig({ ...env, LOG_LEVEL: 'warn' }), databaseStatementTimeoutMs: 0 });
  try {
    await migrateToLatest(handle);
    let started = Date.now();
    const inserted = await seedPapers(handle, paperCount);
    if (inserted > 0) console.log(`  seeded ${inserted} papers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await storeVectors(handle, byText);
    const rows = await handle.db.selectFrom('papers').select(['id', 'arxiv_id']).execute();
    started = Date.now();
    const readers = await createReaders(handle, clients, runId, sessionSecret);
    console.log(
      `  ${rows.length} papers; ${readers.length} verified readers signed in, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { papers: rows.map((row) => ({ id: row.id, arxivId: row.arxiv_id })), readers };
  } finally {
    await handle.close();
  }
}

const FULL_TEXT_FALLBACK = 'answering from full text alone';
const fallbacksOf = (member: SiteProcess) => member.output().split(FULL_TEXT_FALLBACK).length - 1;

/**
 * Before the clock starts, each web process renders a digest page and a paper page, answers a list,
 * and searches until its query encoder answers in time (it starts at the first search): what a
 * process does once after its start is not what the run measures. Then as many connections as
 * readers are opened to each, as a proxy in front of the site keeps them alive (nginx's upstream
 * `keepalive`): under load a process accepts one new connection per turn of its event loop, so
 * readers connecting during the run would measure that wait, seconds long, before their first answer.
 */
async function warmUp(site: LoadSite, paper: { arxivId: string }, readersPerProcess: number): Promise<void> {
  for (const [i, base] of site.bases.entries()) {
    for (const page of ['/ai-digest', `/ai-digest/${paper.arxivId}`, '/api/papers?page=1&limit=6']) {
      await (await fetch(`${base}${page}`)).arrayBuffer();
    }
    const member = site.processes[i] as SiteProcess;
    for (let attempt = 0; attempt < 30; attempt++) {
      const fallbacks = fallbacksOf(member);
      const search = await fetch(`${base}/api/papers/semantic`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: site.publicUrl,
          'x-forwarded-for': `10.255.255.${attempt}`,
        },
        body: JSON.stringify({ query: `agents that use tools ${attempt}`, top_k: 9 }),
      });
      await search.arrayBuffer();
      if (fallbacksOf(member) === fallbacks) break;
    }
    // Sent at once, each request takes a connection of its own from fetch's pool, which keeps it.
    await Promise.all(
      Array.from({ length: readersPerProcess }, async () => (await fetch(`${base}/api/health/live`)).arrayBuffer()),
    );
  }
}

const memoryOf = (site: LoadSite) => site.processes.map(({ process }) => residentMb(process.pid ?? 0));
const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

function printKinds(rows: KindSummary[], elapsedSeconds: number): void {
  console.log(
    `${'kind'.padEnd(14)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}` +
      `${'5xx'.padStart(5)}${'429'.padStart(5)}${'no answer'.padStart(10)}  other 4xx`,
  );
  for (const row of rows) {
    console.log(
      `${row.kind.padEnd(14)}${String(row.requests).padStart(9)}${(row.requests / elapsedSeconds).toFixed(1).padStart(8)}` +
        `${ms(row.p50).padStart(8)}${ms(row.p99).padStart(8)}${String(row.serverErrors).padStart(5)}` +
        `${String(row.tooManyRequests).padStart(5)}${String(row.noAnswer).padStart(10)}  ${row.otherClientErrors}`,
    );
  }
}

function printWrites(checks: WriteCheck[]): void {
  for (const check of checks) {
    const notes = [
      check.uncertain > 0 ? `${check.uncertain} without a clear answer, left out` : '',
      check.missing.length > 0 ? `MISSING: ${check.missing.slice(0, 10).join(', ')}` : '',
      check.undeleted.length > 0 ? `REMOVED YET PRESENT: ${check.undeleted.slice(0, 10).join(', ')}` : '',
    ].filter(Boolean);
    console.log(
      `  ${check.what.padEnd(10)} ${check.acknowledged} acknowledged, ${check.found} found${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`,
    );
  }
}

interface Measured {
  stats: RequestStats;
  ledger: WriteLedger;
  serverErrors: string[];
  elapsedSeconds: number;
  /** Resident memory of each process, MB. */
  memory: { before: number[]; after: number[]; peak: number[] };
  /** Searches answered from full text alone during the run. */
  fallbacks: number;
  loadGenerator: { cpuShare: number; eventLoopP99Ms: number };
  machine: [before: MachineLoad, after: MachineLoad];
}

/** The readers on the site until the run's end, and what the site and this process went through meanwhile. */
async function measure(site: LoadSite, readers: Reader[], papers: Prepared['papers']): Promise<Measured> {
  const fallbacksBefore = site.processes.map(fallbacksOf);
  const before = memoryOf(site);
  const peak = [...before];
  const sampler = setInterval(() => {
    for (const [i, mb] of memoryOf(site).entries()) peak[i] = Math.max(peak[i] ?? 0, mb);
  }, 1_000);
  const machineBefore = machineLoad();
  const eventLoop = monitorEventLoopDelay({ resolution: 10 });
  eventLoop.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const run = {
    origin: new URL(site.publicUrl).origin,
    papers,
    queries,
    image,
    mix: DEFAULT_MIX,
    thinkMs,
    rampMs,
    until: Date.now() + seconds * 1000,
    stats: new RequestStats(),
    ledger: new WriteLedger(),
    serverErrors: [],
  };
  await Promise.all(
    readers.map((reader, i) => runReader(reader, site.bases[i % site.bases.length] as string, run, i + 1)),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  eventLoop.disable();
  clearInterval(sampler);
  return {
    ...run,
    elapsedSeconds,
    memory: { before, after: memoryOf(site), peak },
    fallbacks: site.processes.reduce((sum, member, i) => sum + fallbacksOf(member) - (fallbacksBefore[i] ?? 0), 0),
    loadGenerator: {
      cpuShare: (cpu.user + cpu.system) / 1e6 / elapsedSeconds,
      eventLoopP99Ms: eventLoop.percentile(99) / 1e6,
    },
    machine: [machineBefore, machineLoad()],
  };
}

/** Prints what was measured and read back; answers why the run failed (nothing when it passed). */
function report(name: string, site: LoadSite, measured: Measured, checks: WriteCheck[]): string[] {
  const { elapsedSeconds, memory, loadGenerator, machine } = measured;
  const rows = measured.stats.summary(REQUEST_KINDS);
  const total = (pick: (row: KindSummary) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const serverErrors = total((row) => row.serverErrors);
  const noAnswer = total((row) => row.noAnswer);
  printKinds(rows, elapsedSeconds);
  console.log(
    `${'all'.padEnd(14)}${String(total((row) => row.requests)).padStart(9)}` +
      `${(total((row) => row.requests) / elapsedSeconds).toFixed(1).padStart(8)}${''.padStart(16)}` +
      `${String(serverErrors).padStart(5)}${String(total((row) => row.tooManyRequests)).padStart(5)}${String(noAnswer).padStart(10)}`,
  );
  console.log(`${name}: ${elapsedSeconds.toFixed(1)} s from the first request to the last answer`);
  if (measured.fallbacks > 0) {
    console.log(
      `${name}: ${measured.fallbacks} searches answered from full text alone (the query's embedding took over 2 s)`,
    );
  }
  console.log(`${name}: writes read back through the API after the run`);
  printWrites(checks);
  console.log(`${name}: server memory (RSS, MB): before → after (peak)`);
  for (const [i, member] of site.processes.entries()) {
    console.log(
      `  ${member.name.padEnd(13)} ${memory.before[i]?.toFixed(0)} → ${memory.after[i]?.toFixed(0)} (${memory.peak[i]?.toFixed(0)})`,
    );
  }
  console.log(
    `${name}: load generator ${(loadGenerator.cpuShare * 100).toFixed(0)}% of a core, event-loop delay p99 ` +
      `${loadGenerator.eventLoopP99Ms.toFixed(0)} ms`,
  );
  console.log(
    `${name}: machine (${availableParallelism()} cores) before: ${describeLoad(machine[0])}; after: ${describeLoad(machine[1])}`,
  );
  const crashed = site.processes.filter(({ process: child }) => child.exitCode !== null || child.signalCode !== null);
  return [
    serverErrors > 0 ? `${serverErrors} answers 5xx` : '',
    noAnswer > 0 ? `${noAnswer} requests without an answer` : '',
    // The mix sends only valid requests: a refusal other than 429 means a lost session, a refused
    // origin or a bad body, and the run would measure something else than it says.
    rows.some((row) => row.otherClientErrors) ? 'answers 4xx other than 429' : '',
    writesKept(checks) ? '' : 'acknowledged writes lost',
    crashed.length > 0 ? `${crashed.map((member) => member.name).join(', ')} exited during the run` : '',
  ].filter(Boolean);
}

/** One run on one database; answers whether it passed. */
async function benchDatabase(name: string, env: Record<string, string>, webProcesses: number): Promise<boolean> {
  console.log(`\n${name}: preparing`);
  const { papers, readers } = await prepare(env);
  const site = await startLoadSite(
    { ...env, SEED_DEMO: 'false', TRUST_PROXY: '127.0.0.1', SESSION_SECRET: sessionSecret, LOG_LEVEL: 'warn' },
    webProcesses,
  );
  try {
    await warmUp(site, papers[0] as { arxivId: string }, Math.ceil(readers.length / site.bases.length));
    console.log(
      `${name}: ${readers.length} readers for ${seconds} s on ${site.processes.map((member) => member.name).join(', ')}` +
        ` (machine ${describeLoad(machineLoad())})`,
    );
    const measured = await measure(site, readers, papers);
    const readBackFrom = (reader: Reader) => site.bases[(reader.index + 1) % site.bases.length] as string;
    const checks = measured.ledger.check(await readBack(readers, readBackFrom, measured.ledger));
    const failures = report(name, site, measured, checks);
    if (failures.length === 0) {
      console.log(`${name}: passed`);
      return true;
    }
    console.log(`${name}: FAILED: ${failures.join('; ')}`);
    for (const answer of measured.serverErrors) console.log(`  ${answer}`);
    for (const member of site.processes) {
      const errors = member
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      if (errors.length > 0) console.log(`  ${member.name} logged:\n    ${errors.slice(-10).join('\n    ')}`);
    }
    return false;
  } finally {
    await site.stop();
  }
}

ensureBuilt();
const only = values.only;
const results: boolean[] = [];
if (!only || only === 'sqlite') {
  results.push(await benchDatabase('SQLite', { DATA_DIR: path.resolve('data/bench-load-sqlite') }, 0));
}
if (!only || only === 'postgres') {
  results.push(
    await benchDatabase(
      'PostgreSQL',
      { DATABASE_URL: await postgresSchemaUrl('bench_load'), DATA_DIR: path.resolve('data/bench-load-pg') },
      2,
    ),
  );
}
if (results.includes(false)) process.exitCode = 1;
