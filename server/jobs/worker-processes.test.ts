import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { queueListSchema } from '../../common/queue.js';
import { requestAs, signedInAs } from '../test/accounts.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
import { type FakeLlm, startFakeLlm } from '../test/fake-llm.js';
import type { ItemOutcome } from './worker.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Records each item's outcome, and resolves when `arxivId` reaches `outcome`. */
function outcomes() {
  const seen: { arxivId: string; outcome: ItemOutcome }[] = [];
  const waiting: { arxivId: string; outcome: ItemOutcome; resolve: () => void }[] = [];
  return {
    seen,
    onSettled(event: { arxivId: string; outcome: ItemOutcome }) {
      seen.push(event);
      for (const wait of waiting.filter((w) => w.arxivId === event.arxivId && w.outcome === event.outcome)) {
        wait.resolve();
      }
    },
    reached: (arxivId: string, outcome: ItemOutcome) =>
      new Promise<void>((resolve) => waiting.push({ arxivId, outcome, resolve })),
  };
}

async function open(kind: (typeof testDatabaseKinds)[number], env: Record<string, string> = {}) {
  const database: TestDatabase = await kind.create();
  cleanups.push(() => database.dispose());
  const target: TestApp = await startTestApp(database, env);
  cleanups.push(() => target.close());
  return { database, target };
}

describe.each(testDatabaseKinds)('a worker killed mid-item on $name', (kind) => {
  let llm: FakeLlm;

  it('loses nothing: the item is taken again once its lease runs out, and completed once', async () => {
    llm = await startFakeLlm('hang');
    cleanups.push(() => llm.close());
    const env = { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', WORKER_LEASE_SECONDS: '1' };
    const { database, target } = await open(kind, env);
    await target.services.queueRepo.enqueue([arxivPaper('2401.00001')], 'back', new Date().toISOString());

    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--role=worker'], {
      env: {
        ...process.env,
        ...database.env,
        ...env,
        // The PDF host refuses at once, and the model never answers: the worker is mid-item until killed.
        ARXIV_PDF_URL: 'http://127.0.0.1:9/pdf',
        LLM_TIMEOUT_SECONDS: '600',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    await llm.nextRequest();
    child.kill('SIGKILL');
    await exited;

    const admin = await signedInAs(target, 'admin', 'admin@example.org');
    const queue = async () => queueListSchema.parse((await requestAs(target.app, admin, 'GET', '/api/queue')).json());
    expect((await queue()).items).toMatchObject([{ arxivId: '2401.00001', attempts: 0 }]);
    expect((await requestAs(target.app, null, 'GET', '/api/papers/2401.00001')).statusCode).toBe(404);

    llm.mode = 'valid';
    const seen = outcomes();
    const worker = target.services.createWorker({ onSettled: seen.onSettled, options: { pollMs: 50 } });
    worker.start();
    await seen.reached('2401.00001', 'completed');
    await worker.stop();

    expect(seen.seen).toEqual([{ arxivId: '2401.00001', outcome: 'completed' }]);
    expect((await queue()).items).toEqual([]);
    const paper = await requestAs(target.app, null, 'GET', '/api/papers/2401.00001');
    expect(paper.json()).toMatchObject({ arxivId: '2401.00001', translated: true, summary: { generatedBy: 'llm' } });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two workers on one PostgreSQL queue', () => {
  const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');

  it('complete every item exactly once', async () => {
    if (!postgres) throw new Error('no PostgreSQL');
    const { database, target } = await open(postgres);
    const second = await startTestApp(database);
    cleanups.push(() => second.close());
    const papers = Array.from({ length: 40 }, (_, index) => arxivPaper(`2402.${String(index + 1).padStart(5, '0')}`));
    await target.services.queueRepo.enqueue(papers, 'back', new Date().toISOString());

    const seen = outcomes();
    const workers = [target, second].map((app) =>
      app.services.createWorker({ onSettled: seen.onSettled, options: { pollMs: 10 } }),
    );
    const allDone = Promise.all(papers.map((paper) => seen.reached(paper.arxivId, 'completed')));
    for (const worker of workers) worker.start();
    await allDone;
    await Promise.all(workers.map((worker) => worker.stop()));

    expect(seen.seen.filter((event) => event.outcome !== 'completed')).toEqual([]);
    expect(seen.seen.map((event) => event.arxivId).sort()).toEqual(papers.map((paper) => paper.arxivId).sort());
    const stored = await target.handle.db.selectFrom('papers').select('arxiv_id').execute();
    expect(stored).toHaveLength(40);
    expect(await target.handle.db.selectFrom('queue_items').selectAll().execute()).toEqual([]);
  });
});
