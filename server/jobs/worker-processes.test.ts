import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
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

async function open(kind: (typeof testDatabaseKinds)[number]) {
  const database: TestDatabase = await kind.create();
  cleanups.push(() => database.dispose());
  const target: TestApp = await startTestApp(database);
  cleanups.push(() => target.close());
  return { database, target };
}

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
