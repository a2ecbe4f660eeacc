/**
 * Many writers of papers on one PostgreSQL at once: 2 web processes, N queue workers (1, 2, 4) with
 * a local fake model that answers at once, an import (`npm run import -- --processed`) of the shared
 * papers, admins editing, categorising and deleting papers through the web processes (papers being
 * processed and papers being imported), and readers paging the digest. Per worker count: papers/min
 * the workers stored, deadlocks PostgreSQL detected (each one a transaction run again), answers of
 * 500 or more, and acknowledged writes the database lacks afterwards (admins' edits, categories and
 * deletions; queued papers neither stored nor deleted). Exits non-zero on any 5xx or lost write.
 * See docs/decisions/0046-counters-as-change-logs.md.
 *   npm run bench:contention [-- --papers 300 --import-papers 10000 --admins 4 --workers 1,2,4]
 * Each run gets a fresh database on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import { freePort } from '../scripts/lib/production-server.js';
import { loadConfig } from '../server/config.js';
import type { DbHandle } from '../server/db/connect.js';
import { createLogger } from '../server/logger.js';
import { createPasswordHasher } from '../server/modules/auth/passwords.js';
import { randomToken } from '../server/modules/auth/tokens.js';
import { readDemoPapers } from '../server/modules/ingest/seed.js';
import { createQueueRepo } from '../server/modules/queue/repo.js';
import { createUsersRepo } from '../server/modules/users/repo.js';
import type { ArxivPaper } from '../server/providers/arxiv/types.js';
import { openDatabase } from '../server/startup.js';
import { fakeModelEnv, startFakeLlm } from '../server/test/fake-llm.js';
import { storedSessionCookie } from '../server/test/stored-session.js';
import { type AdminLedger, emptyLedger, lostAdminWrites, runAdmin } from './lib/contention-admins.js';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '300' },
    'import-papers': { type: 'string', default: '10000' },
    admins: { type: 'string', default: '4' },
    workers: { type: 'string', default: '1,2,4' },
  },
});
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Imported once the variable is set: the module reads it as it loads.
const { testDatabaseKinds } = await import('../server/test/databases.js');
const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');
if (!postgres) throw new Error('bench:contention needs PostgreSQL');

const SHARED_PAPERS = new URL('../../shared/data/arxiv/papers-ai.jsonl.gz', import.meta.url);
const ADMIN_PAUSE_MS = 100;
const READERS = 4;

/** The first `count` lines of the shared papers, as a file the import reads. */
async function importFile(count: number, dir: string): Promise<string> {
  const lines: string[] = [];
  const reader = createInterface({ input: createReadStream(SHARED_PAPERS).pipe(createGunzip()) });
  for await (const line of reader) {
    if (lines.length >= count) break;
    if (line.trim()) lines.push(line);
  }
  reader.close();
  const file = path.join(dir, 'import.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** `count` of the demo papers with fresh ids, none of them in the shared file. */
async function queuedPapers(count: number): Promise<ArxivPaper[]> {
  const real = await readDemoPapers();
  return Array.from({ length: count }, (_, index) => ({
    ...(real[index % real.length] as ArxivPaper),
    arxivId: `2601.${String(index + 1).padStart(5, '0')}`,
  }));
}

interface Child {
  process: ChildProcess;
  output(): string;
}

/** `server/main.ts` (through tsx) or another script; resolves once `ready` appears in its output. */
async function start(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: string | null,
): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  if (ready) {
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`${script} ${args.join(' ')} exited with ${code}:\n${output}`));
      child.once('exit', onExit);
      const watch = setInterval(() => {
        if (!output.includes(ready)) return;
        clearInterval(watch);
        child.off('exit', onExit);
        resolve();
      }, 50);
    });
  }
  return { process: child, output: () => output };
}

/** Waits until the web process answers its health route. */
async function untilServing(web: Child, base: string): Promise<void> {
  for (;;) {
    if (web.process.exitCode !== null) throw new Error(`a web process exited:\n${web.output()}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(200);
  }
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** An admin account, signed in: the Cookie header of its session. */
async function adminCookie(handle: DbHandle, index: number, secret: string): Promise<string> {
  const user = await createUsersRepo(handle.db).insert({
    name: `Admin ${index}`,
    email: `admin-${index}@contention.example.org`,
    passwordHash: await createPasswordHasher().hash(randomToken()),
    role: 'admin',
    verified: true,
  });
  return storedSessionCookie(handle, user.id, secret);
}

async function count(handle: DbHandle, table: 'queue_items' | 'papers'): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function deadlocks(handle: DbHandle): Promise<number> {
  const { rows } = await sql<{ deadlocks: string }>`SELECT deadlocks FROM pg_stat_database
    WHERE datname = current_database()`.execute(handle.db);
  return Number(rows[0]?.deadlocks ?? 0);
}

/** Readers paging the digest through the web processes until told to stop; counts answers of 500 or more. */
async function runReader(bases: string[], until: () => boolean, tally: { serverErrors: number }): Promise<void> {
  for (let turn = 0; !until(); turn++) {
    const answer = await fetch(`${bases[turn % bases.length]}/api/papers?limit=20&page=${1 + (turn % 5)}`);
    await answer.arrayBuffer();
    if (answer.status >= 500) tally.serverErrors += 1;
    await sleep(50);
  }
}

interface Result {
  workers: number;
  perMinute: number;
  deadlocks: number;
  serverErrors: number;
  lost: string[];
  ledger: AdminLedger;
  imported: boolean;
}

async function measure(
  workers: number,
  papers: ArxivPaper[],
  file: string,
  llmEnv: Record<string, string>,
): Promise<Result> {
  if (!postgres) throw new Error('bench:contention needs PostgreSQL');
  const database = await postgres.create();
  const secret = randomBytes(32).toString('hex');
  const ports = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const env = { ...database.env, ...llmEnv, SEED_DEMO: 'false', SESSION_SECRET: secret, PUBLIC_URL: publicUrl };
  const handle = await openDatabase(loadConfig(env), createLogger('silent'));
  const children: Child[] = [];
  try {
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const port of ports) {
      const web = await start('server/main.ts', ['--role=web'], { ...env, PORT: String(port) }, null);
      children.push(web);
      await untilServing(web, `http://127.0.0.1:${port}`);
    }
    for (let i = 0; i < workers; i++)
      children.push(await start('server/main.ts', ['--role=worker'], env, 'queue worker started'));
    const admins = Number(values.admins);
    const cookies = await Promise.all(Array.from({ length: admins }, (_, i) => adminCookie(handle, i, secret)));
    const before = await deadlocks(handle);

    await createQueueRepo(handle).enqueue(papers, 'back', new Date().toISOString());
    const importing = start('server/cli/import.ts', [file, '--processed'], env, null);
    let done = false;
    const until = () => done;
    const ledger = emptyLedger();
    const readers = { serverErrors: 0 };
    const traffic = [
      ...cookies.map((cookie, i) =>
        runAdmin(
          { bases, publicUrl, cookie, stored: () => storedShare(handle, i, admins) },
          ledger,
          until,
          ADMIN_PAUSE_MS,
        ),
      ),
      ...Array.from({ length: READERS }, () => runReader(bases, until, readers)),
    ];
    // Timed from the first queued paper stored to the queue's end, as bench:ingest times it.
    const queued = new Set(papers.map((paper) => paper.arxivId));
    const storedQueued = async () =>
      Number(
        (
          await handle.db
            .selectFrom('papers')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('arxiv_id', 'like', '2601.%')
            .executeTakeFirstOrThrow()
        ).count,
      );
    while ((await storedQueued()) === 0) await sleep(20);
    const started = performance.now();
    while ((await count(handle, 'queue_items')) > 0) await sleep(20);
    const minutes = (performance.now() - started) / 60_000;
    done = true;
    await Promise.all(traffic);
    const importer = await importing;
    const importExit = await new Promise<number | null>((resolve) =>
      importer.process.exitCode !== null ? resolve(importer.process.exitCode) : importer.process.once('exit', resolve),
    );
    const lost = await lostAdminWrites(handle, ledger);
    const storedIds = new Set(
      (await handle.db.selectFrom('papers').select('arxiv_id').where('arxiv_id', 'like', '2601.%').execute()).map(
        (row) => row.arxiv_id,
      ),
    );
    for (const arxivId of queued) {
      if (!storedIds.has(arxivId) && !ledger.deleted.has(arxivId)) lost.push(`${arxivId}: queued, never stored`);
    }
    const serverLines = children
      .map((child) => child.output())
      .join('\n')
      .split('\n')
      .filter((line) => /"level":50|deadlock/.test(line));
    if (serverLines.length > 0) console.log(serverLines.slice(0, 5).join('\n'));
    return {
      workers,
      perMinute: (papers.length - 1) / minutes,
      deadlocks: (await deadlocks(handle)) - before,
      serverErrors: ledger.serverErrors + readers.serverErrors,
      lost,
      ledger,
      imported: importExit === 0,
    };
  } finally {
    await Promise.all(children.map((child) => stopped(child.process)));
    await handle.close();
    await database.dispose();
  }
}

/**
 * Some stored papers of admin `index` of `admins`: those whose id leaves that remainder, the newest
 * (just processed by a worker or just imported) half the time, any the other half.
 */
async function storedShare(handle: DbHandle, index: number, admins: number): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('papers')
    .select('arxiv_id')
    .where(sql<boolean>`id % ${admins} = ${index}`)
    .orderBy(Math.random() < 0.5 ? sql`id DESC` : sql`random()`)
    .limit(20)
    .execute();
  return rows.map((row) => row.arxiv_id);
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-contention-'));
const llm = await startFakeLlm('valid');
let failed = false;
try {
  const file = await importFile(Number(values['import-papers']), dir);
  const papers = await queuedPapers(Number(values.papers));
  const llmEnv = await fakeModelEnv(llm);
  console.log('workers  papers/min  deadlocks  5xx  lost writes  admin writes (404)  import');
  for (const workers of (values.workers ?? '').split(',').map(Number)) {
    const result = await measure(workers, papers, file, llmEnv);
    failed ||= result.serverErrors > 0 || result.lost.length > 0 || !result.imported;
    console.log(
      `${String(result.workers).padStart(7)}  ${result.perMinute.toFixed(0).padStart(10)}  ${String(result.deadlocks).padStart(9)}  ${String(result.serverErrors).padStart(3)}  ${String(result.lost.length).padStart(11)}  ${String(result.ledger.acknowledged).padStart(12)} (${result.ledger.notFound})  ${result.imported ? 'done' : 'FAILED'}`,
    );
    for (const line of result.lost.slice(0, 10)) console.log(`  lost: ${line}`);
  }
} finally {
  await llm.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
