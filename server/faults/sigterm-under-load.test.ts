import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { paperMatchesSchema } from '../../common/search.js';
import { freePort } from '../../scripts/lib/production-server.js';
import { seedPapers } from '../modules/ingest/seed.js';
import { nextClientAddress, requestAs } from '../test/accounts.js';
import { adminQueueReader } from '../test/admin-queue.js';
import { startTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { eventually } from '../test/eventually.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
import { fakeModelEnv, startFakeLlm } from '../test/fake-llm.js';
import { startMain, untilHealthy } from '../test/main-process.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Room for the server process to start (tsx compiles it) and for the load, on a loaded machine. */
const WITHIN_MS = 60_000;
/** Two waits of WITHIN_MS at most, and the rest. */
const TEST_TIMEOUT_MS = 150_000;

/** Requests held in flight at the signal; each is a search, which reads the database and answers papers. */
const IN_FLIGHT = 50;
const SEEDED_PAPERS = 40;

interface Answer {
  status: number;
  body: string;
}

/**
 * A search the server has in hand (it answered "100 Continue" to its headers) whose body it has not
 * yet received: in flight until `finish` sends the body, whenever the test chooses.
 */
function heldSearch(port: number, query: string): Promise<{ finish(): Promise<Answer> }> {
  const body = JSON.stringify({ query });
  return new Promise((resolveHeld, rejectHeld) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/papers/semantic',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
        // A client address of its own, so the search limit per client does not answer instead.
        'x-forwarded-for': nextClientAddress(),
      },
    });
    const answered = new Promise<Answer>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      });
    });
    // A request the server drops before its body is sent fails at finish(), not before.
    answered.catch(() => {});
    request.once('error', rejectHeld);
    request.once('continue', () =>
      resolveHeld({
        finish() {
          request.end(body);
          return answered;
        },
      }),
    );
    request.flushHeaders();
  });
}

describe.each(testDatabaseKinds)('SIGTERM to a server under load on $name', (kind) => {
  it(
    'answers every request in flight in full, gives its queue item back at once, and exits 0',
    async () => {
      // The server's worker waits on the model for its item until it is stopped.
      const llm = await startFakeLlm('hang');
      cleanups.push(() => llm.close());
      const database = await kind.create();
      cleanups.push(() => database.dispose());
      const port = await freePort();
      const env = {
        ...database.env,
        ...(await fakeModelEnv(llm)),
        // Far longer than the test: another worker can take the item only if it is given back.
        WORKER_LEASE_SECONDS: '3600',
      };
      const target = await startTestApp(database, env);
      cleanups.push(() => target.close());
      // Papers for the searches to find.
      await seedPapers(target.handle, SEEDED_PAPERS);
      const queue = adminQueueReader(target);
      const paper = arxivPaper('2401.00001');
      await target.services.queueRepo.enqueue([paper], 'back', new Date().toISOString());

      const base = `http://127.0.0.1:${port}`;
      const server = startMain({ ...env, PORT: String(port), TRUST_PROXY: '1', SEED_DEMO: 'false' });
      cleanups.push(async () => {
        server.child.kill('SIGKILL');
        await server.exited;
      });
      await untilHealthy(server, base);
      await eventually(
        async () => llm.requests.length,
        (count) => count > 0,
        WITHIN_MS,
      );
      expect((await queue()).map((item) => [item.arxivId, item.state])).toEqual([[paper.arxivId, 'processing']]);
      const held = await Promise.all(Array.from({ length: IN_FLIGHT }, () => heldSearch(port, 'language models')));

      // Another worker, looking all the time; the model answers again.
      llm.mode = 'valid';
      const other = target.services.createWorker({ options: { pollMs: 10 } });
      other.start();
      cleanups.push(() => other.stop());

      server.child.kill('SIGTERM');
      // The item is given back at the signal, not after the last request: the other worker stores the
      // paper while every search is still in flight.
      expect(await eventually(queue, (items) => items.length === 0, WITHIN_MS)).toEqual([]);
      const stored = await requestAs(target.app, null, 'GET', `/api/papers/${paper.arxivId}`);
      expect(stored.json()).toMatchObject({ arxivId: paper.arxivId, summary: { generatedBy: 'llm' } });

      const answers = await Promise.all(held.map((search) => search.finish()));
      for (const answer of answers) {
        expect(answer.status, `${answer.body}\n${server.output()}`).toBe(200);
        // The whole answer: it parses, and lists papers found.
        expect(paperMatchesSchema.parse(JSON.parse(answer.body)).papers.length).toBeGreaterThan(0);
      }
      expect(await server.exited, server.output()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});
