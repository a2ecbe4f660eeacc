import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/production-server.js';
import { loadConfig } from '../config.js';
import type { DbHandle } from '../db/connect.js';
import { createLogger } from '../logger.js';
import { createPasswordHasher } from '../modules/auth/passwords.js';
import { createQueueRepo } from '../modules/queue/repo.js';
import { createUsersRepo } from '../modules/users/repo.js';
import { openDatabase } from '../startup.js';
import { PASSWORD } from '../test/accounts.js';
import { TEST_PASSWORD_COST } from '../test/app.js';
import { waitFor } from '../test/eventually.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
import { startFakeEmbeddings } from '../test/fake-embeddings.js';
import { startFakeLlm } from '../test/fake-llm.js';
import { type MainProcess, startMain, untilHealthy } from '../test/main-process.js';
import { addPapers } from '../test/papers.js';
import { postgresBinaries, startPrivatePostgres } from '../test/private-postgres.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A stand-in for arxiv.org/pdf that holds every request until `open()`, then answers 404 (the
 * worker then summarises from the abstract): it keeps the worker inside an item on demand.
 */
async function startPdfGate() {
  const held: ServerResponse[] = [];
  let opened = false;
  let arrived: (() => void) | null = null;
  const server = createServer((_request, response) => {
    if (opened) response.writeHead(404).end();
    else held.push(response);
    arrived?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pdf`,
    firstRequest: () =>
      held.length > 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            arrived = resolve;
          }),
    open() {
      opened = true;
      for (const response of held.splice(0)) response.writeHead(404).end();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Phase = 'before' | 'down' | 'after';

interface WriteAnswer {
  readerId: number;
  phase: Phase;
  kind: 'bookmark' | 'comment';
  status: number;
  retryAfter: string | null;
  body: { id?: number; paperId?: number; error?: string; message?: string; requestId?: string };
}

interface Reader {
  id: number;
  cookie: string;
}

/** How many comments a reader may write in the test: one fewer than the limit of a minute. */
const COMMENT_BUDGET = 9;

/**
 * Readers bookmarking papers one after the other and, every fourth write, commenting, until stopped,
 * each recording every answer with the phase it was sent in. A reader comments only after an
 * acknowledged write, so that the outage spends little of its comment budget.
 */
function startWriting(base: string, readers: Reader[], paperIds: number[], phaseNow: () => Phase) {
  const answers: WriteAnswer[] = [];
  let running = true;
  const loops = readers.map(async (reader) => {
    let comments = 0;
    let lastAcknowledged = true;
    for (let write = 0; running && write < paperIds.length; write++) {
      const paperId = paperIds[write] ?? 0;
      const comment: boolean = write % 4 === 3 && lastAcknowledged && comments < COMMENT_BUDGET;
      if (comment) comments++;
      const phase = phaseNow();
      const answer = { readerId: reader.id, phase, kind: comment ? 'comment' : 'bookmark' } as const;
      try {
        const response: Response = await fetch(comment ? `${base}/api/comments` : `${base}/api/bookmarks/${paperId}`, {
          method: 'POST',
          headers: { cookie: reader.cookie, ...(comment ? { 'content-type': 'application/json' } : {}) },
          body: comment ? JSON.stringify({ paperId, text: `<p>Note ${write} by reader ${reader.id}</p>` }) : undefined,
        });
        const retryAfter = response.headers.get('retry-after');
        answers.push({ ...answer, status: response.status, retryAfter, body: await response.json() });
        lastAcknowledged = response.ok;
      } catch (error) {
        // No answer at all (the server is gone): recorded as status 0, for the checks to report.
        answers.push({ ...answer, status: 0, retryAfter: null, body: { error: String(error) } });
        lastAcknowledged = false;
      }
      // A refused client waits longer before its next write, so that a long outage does not use up the papers.
      await sleep(lastAcknowledged ? 20 : 100);
    }
  });
  return {
    answers,
    acknowledged: (phase: Phase, kind?: WriteAnswer['kind']) =>
      answers.filter((a) => a.phase === phase && a.status >= 200 && a.status < 300 && (!kind || a.kind === kind))
        .length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({
    error: 'unavailable',
    message: expect.stringMatching(/try again/),
    requestId: response.headers.get('x-request-id'),
  });
}

async function stopProcess(main: MainProcess): Promise<number | null> {
  main.child.kill('SIGTERM');
  return main.exited;
}

const bin = postgresBinaries();
const PAPER_COUNT = 600;
/** Starting a private cluster and two processes takes most of the test; a loaded machine takes long over it. */
const TEST_TIMEOUT_MS = 180_000;
/** Past the worker's first retry delay (30 s), for an item failed by the restart itself. */
const QUEUE_FINISHED_WITHIN_MS = 45_000;
const QUEUED = ['2501.00001', '2501.00002', '2501.00003'];

describe.skipIf(!bin)('PostgreSQL restarted while readers write and the worker processes the queue', () => {
  it(
    'answers 503 while it is down, then loses no acknowledged write, finishes the queue, and no process dies',
    async () => {
      const postgres = await startPrivatePostgres(bin ?? '');
      cleanups.push(() => postgres.dispose());
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-restart-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const [llm, embeddings, pdfGate] = await Promise.all([
        startFakeLlm('valid'),
        startFakeEmbeddings(),
        startPdfGate(),
      ]);
      cleanups.push(
        () => llm.close(),
        () => embeddings.close(),
        () => pdfGate.close(),
      );
      const env = {
        DATABASE_URL: postgres.url,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        LLM_BASE_URL: llm.url,
        LLM_MODEL: 'fake-model',
        EMBEDDINGS_BASE_URL: embeddings.url,
        EMBEDDINGS_MODEL: 'fake-embeddings',
        ARXIV_PDF_URL: pdfGate.url,
        WORKER_LEASE_SECONDS: '1',
      };
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const web = startMain({ ...env, PORT: String(port) }, ['--role=web']);
      cleanups.push(async () => {
        web.child.kill('SIGKILL');
        await web.exited;
      });
      // Started together, as an operator's supervisor starts them: their migrations take turns.
      const worker = startMain(env, ['--role=worker']);
      cleanups.push(async () => {
        worker.child.kill('SIGKILL');
        await worker.exited;
      });
      await untilHealthy(web, base);

      const handle: DbHandle = await openDatabase(loadConfig(env), createLogger('silent'));
      cleanups.push(() => handle.close());
      const arxivIds = Array.from({ length: PAPER_COUNT }, (_, i) => `2401.${String(i + 1).padStart(5, '0')}`);
      await addPapers(handle, arxivIds);
      const paperIds = (await handle.db.selectFrom('papers').select('id').orderBy('id').execute()).map((p) => p.id);
      const passwordHash = await createPasswordHasher(TEST_PASSWORD_COST).hash(PASSWORD);
      const readers: Reader[] = await Promise.all(
        [1, 2, 3].map(async (n) => {
          const email = `reader${n}@example.org`;
          const user = await createUsersRepo(handle.db).insert({
            name: `Reader ${n}`,
            email,
            passwordHash,
            verified: true,
          });
          const login = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD }),
          });
          expect(login.status).toBe(200);
          return { id: user.id, cookie: login.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
        }),
      );

      await createQueueRepo(handle).enqueue(
        QUEUED.map((id) => arxivPaper(id)),
        'back',
        new Date().toISOString(),
      );
      // The worker has claimed the first item and waits for its PDF: the outage will find it mid-item.
      await pdfGate.firstRequest();

      let phase: Phase = 'before';
      const writes = startWriting(base, readers, paperIds, () => phase);
      await waitFor('writes acknowledged before the outage', () => writes.acknowledged('before') >= 12);

      phase = 'down';
      await postgres.stop();
      pdfGate.open();
      await expectUnavailable(await fetch(`${base}/api/papers`));
      await expectUnavailable(await fetch(`${base}/api/health`));
      await expectUnavailable(await fetch(`${base}/api/health/ready`));
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      await waitFor('every reader refused while down', () =>
        readers.every((reader) =>
          writes.answers.some((a) => a.readerId === reader.id && a.phase === 'down' && a.status === 503),
        ),
      );

      await postgres.start();
      phase = 'after';
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      await waitFor(
        'bookmarks and comments acknowledged after the restart',
        () => writes.acknowledged('after', 'bookmark') >= 9 && writes.acknowledged('after', 'comment') >= 3,
      );
      await writes.stop();

      // Every write was acknowledged or refused with 503 and a time to retry after: nothing else.
      const refused = writes.answers.filter((a) => a.status === 0 || a.status >= 300);
      expect(refused.filter((a) => a.phase === 'down').length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer).toMatchObject({
          status: 503,
          retryAfter: '5',
          body: { error: 'unavailable', message: expect.stringMatching(/try again/), requestId: expect.any(String) },
        });
      }
      const acknowledged = writes.answers.filter((a) => a.status >= 200 && a.status < 300);
      const bookmarks = await handle.db.selectFrom('bookmarks').select(['user_id', 'paper_id']).execute();
      const comments = await handle.db.selectFrom('comments').select('id').execute();
      const keyOf = (a: WriteAnswer) =>
        a.kind === 'bookmark' ? `bookmark ${a.readerId} ${a.body.paperId}` : `comment ${a.body.id}`;
      const stored = new Set([
        ...bookmarks.map((b) => `bookmark ${b.user_id} ${b.paper_id}`),
        ...comments.map((c) => `comment ${c.id}`),
      ]);
      expect(acknowledged.filter((a) => !stored.has(keyOf(a)))).toEqual([]);
      expect(new Set(acknowledged.map(keyOf)).size).toBe(acknowledged.length);

      // An item whose write met the restart itself is failed and retried after the worker's first
      // retry delay (30 s), which a loaded machine makes likely: the queue gets that long and more.
      await waitFor(
        'the worker finished the queue',
        async () => {
          const left = await handle.db.selectFrom('queue_items').select('id').execute();
          return left.length === 0;
        },
        QUEUE_FINISHED_WITHIN_MS,
      );
      const processed = await handle.db
        .selectFrom('papers')
        .innerJoin('summaries', 'summaries.paper_id', 'papers.id')
        .select(['arxiv_id', 'model'])
        .where('arxiv_id', 'in', QUEUED)
        .orderBy('arxiv_id')
        .execute();
      expect(processed).toEqual(QUEUED.map((arxivId) => ({ arxiv_id: arxivId, model: 'fake-model' })));

      expect(web.child.exitCode, web.output()).toBeNull();
      expect(worker.child.exitCode, worker.output()).toBeNull();
      expect(await stopProcess(worker), worker.output()).toBe(0);
      expect(await stopProcess(web), web.output()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});
