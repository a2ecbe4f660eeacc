import { afterEach, describe, expect, it } from 'vitest';
import { adminQueueReader } from '../test/admin-queue.js';
import { startTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { eventually } from '../test/eventually.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
import { type FakeLlmRequest, fakeModelEnv, startFakeLlm } from '../test/fake-llm.js';
import { type MainProcess, startMain } from '../test/main-process.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Room for a worker process to start (tsx compiles the server) on a loaded machine. */
const WITHIN_MS = 60_000;
/** Two waits of WITHIN_MS at most, and the rest. */
const TEST_TIMEOUT_MS = 150_000;

/** A worker process, as an operator starts one beside the web server; killed at the end if still running. */
function startWorker(env: Record<string, string>): MainProcess {
  const worker = startMain(env, ['--role=worker']);
  cleanups.push(async () => {
    worker.child.kill('SIGKILL');
    await worker.exited;
  });
  return worker;
}

describe.each(testDatabaseKinds)('a worker killed with SIGKILL mid-item on $name', (kind) => {
  it(
    'loses nothing: a new worker completes the item exactly once, and the items around it too',
    async () => {
      const llm = await startFakeLlm();
      cleanups.push(() => llm.close());
      const database = await kind.create();
      cleanups.push(() => database.dispose());
      const env = {
        ...database.env,
        ...(await fakeModelEnv(llm)),
        // The killed worker's claim runs out this long after its last renewal.
        WORKER_LEASE_SECONDS: '2',
      };
      const target = await startTestApp(database, env);
      cleanups.push(() => target.close());
      const queue = adminQueueReader(target);

      const done = arxivPaper('2401.00001');
      const killed = arxivPaper('2401.00002', { abstract: 'Agents that lose their worker midway still finish.' });
      const behind = arxivPaper('2401.00003');
      await target.services.queueRepo.enqueue([done, killed, behind], 'back', new Date().toISOString());
      // The killed item's abstract is never translated: its summary is written but not stored, and
      // the worker holds the item until it is killed.
      const holdsKilled = (request: FakeLlmRequest) =>
        request.kind === 'translation' && request.text.includes(killed.abstract);
      llm.hangWhen = holdsKilled;

      const first = startWorker(env);
      await eventually(
        async () => llm.requests,
        (requests) => requests.some(holdsKilled),
        WITHIN_MS,
      );
      expect((await queue()).map((item) => [item.arxivId, item.state, item.attempts])).toEqual([
        [killed.arxivId, 'processing', 0],
        [behind.arxivId, 'waiting', 0],
      ]);
      first.child.kill('SIGKILL');
      await first.exited;
      llm.hangWhen = null;

      const second = startWorker(env);
      expect(await eventually(queue, (items) => items.length === 0, WITHIN_MS)).toEqual([]);
      second.child.kill('SIGTERM');
      expect(await second.exited, second.output()).toBe(0);

      // Each paper stored once, written once (a second completion would have rewritten its rows), with the model's summary.
      const stored = await target.handle.db
        .selectFrom('papers')
        .innerJoin('summaries', 'summaries.paper_id', 'papers.id')
        .select([
          'papers.arxiv_id',
          'papers.created_at',
          'papers.updated_at',
          'summaries.created_at as summary_created_at',
          'summaries.updated_at as summary_updated_at',
          'summaries.generated_by',
        ])
        .orderBy('papers.arxiv_id')
        .execute();
      expect(stored.map((row) => [row.arxiv_id, row.generated_by])).toEqual([
        [done.arxivId, 'llm'],
        [killed.arxivId, 'llm'],
        [behind.arxivId, 'llm'],
      ]);
      for (const row of stored) {
        expect(row.updated_at).toEqual(row.created_at);
        expect(row.summary_updated_at).toEqual(row.summary_created_at);
      }
      expect(await target.handle.db.selectFrom('paper_stats_now').select('total').executeTakeFirst()).toEqual({
        total: 3,
      });
      // The model summarised the killed paper once for each worker, and every other paper once.
      const summaryRequests = (arxivId: string) =>
        llm.requests.filter((request) => request.kind === 'summary' && request.text.includes(arxivId)).length;
      expect([done, killed, behind].map((paper) => summaryRequests(paper.arxivId))).toEqual([1, 2, 1]);
    },
    TEST_TIMEOUT_MS,
  );
});
