import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { paperDetailSchema } from '../../common/papers.js';
import { seedPapers } from '../modules/ingest/seed.js';
import { countingEmbedder, embedAll, embeddedReaches, rememberingEmbedder } from '../modules/search/testing.js';
import { vectorTable } from '../modules/search/vector-index.js';
import type { TextEmbedder } from '../providers/embeddings/types.js';
import { createUseLiteEmbedder } from '../providers/embeddings/use-lite.js';
import { requestAs, signedInAs } from '../test/accounts.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../test/app.js';
import { type TestDatabaseKind, testDatabaseKinds } from '../test/databases.js';
import { addPaper } from '../test/papers.js';
import { pgvectorKind } from '../test/pglite.js';

const encoder = rememberingEmbedder(createUseLiteEmbedder());
afterAll(() => encoder.close());

const kinds: { title: string; kind: TestDatabaseKind | undefined }[] = [
  { title: 'SQLite', kind: testDatabaseKinds[0] },
  { title: 'PostgreSQL with pgvector (PGlite)', kind: pgvectorKind() },
];

/** A model whose vectors are shorter than the encoder's: their index entries live in a table of their own. */
const EARLIER_LENGTH = 8;
const earlierModel: TextEmbedder = {
  modelId: 'earlier-model',
  embed: async (texts) =>
    texts.map((text) => Float32Array.from({ length: EARLIER_LENGTH }, (_, i) => 1 + ((text.charCodeAt(i) || 0) % 7))),
  close: async () => {},
};

/** How many entries the index holds for vectors of this length. */
async function indexEntries(target: TestApp, length: number): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`
    SELECT count(*) AS count FROM ${sql.table(vectorTable(length))}`.execute(target.handle.db);
  return Number(rows[0]?.count);
}

/** The ids of the papers that have a vector, and of the papers newest first. */
async function embeddedAndNewest(target: TestApp) {
  const embedded = await target.handle.db.selectFrom('paper_embeddings').select('paper_id').execute();
  const newest = await target.handle.db
    .selectFrom('papers')
    .select('id')
    .orderBy('submitted_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { embedded: embedded.map((row) => row.paper_id).sort((a, b) => a - b), newest: newest.map((row) => row.id) };
}

describe.each(kinds)('background embedding on $title', ({ kind }) => {
  if (!kind) throw new Error('no SQLite test database');

  it('embeds newest first, a batch at a time, and after a restart goes on from what is stored, embedding nothing twice', async () => {
    const database = await kind.create();
    const counting = countingEmbedder(encoder);
    const options: TestAppOptions = { textEmbedder: counting.embedder, embedderOptions: { batchSize: 4, pollMs: 20 } };
    let target = await startTestApp(database, {}, options);
    try {
      await seedPapers(target.handle, 16);
      counting.holdAfter(2);
      const first = target.services.createPaperEmbedder();
      first.start();
      await counting.held;
      // Stopped while the third batch is being embedded: two batches are stored, the third is not.
      await first.stop();
      expect((await target.services.search.status()).embedded).toEqual({ done: 8, total: 16 });
      const { embedded, newest } = await embeddedAndNewest(target);
      expect(embedded).toEqual(newest.slice(0, 8).sort((a, b) => a - b));
      await target.close();

      counting.release();
      target = await startTestApp(database, {}, options);
      const second = target.services.createPaperEmbedder();
      second.start();
      const progress = await embeddedReaches(target, (done) => done === 16);
      await second.stop();
      expect(progress).toEqual({ done: 16, total: 16 });
      expect(counting.completed).toHaveLength(16);
      expect(new Set(counting.completed).size).toBe(16);
    } finally {
      await target.close();
      await database.dispose();
    }
  }, 180_000);

  it('embeds again a paper whose title is edited and embeds an added one; other edits keep the vector', async () => {
    const database = await kind.create();
    const counting = countingEmbedder(encoder);
    const target = await startTestApp(database, {}, { textEmbedder: counting.embedder });
    const embedder = target.services.createPaperEmbedder({ pollMs: 20 });
    try {
      await seedPapers(target.handle, 8);
      embedder.start();
      await embeddedReaches(target, (done, total) => done === total);
      const admin = await signedInAs(target, 'admin', 'admin@example.org');
      const paper = paperDetailSchema.parse((await requestAs(target.app, null, 'GET', '/api/papers/1')).json());
      const edit = { version: paper.version, title: paper.title, pdfUrl: paper.pdfUrl, abstract: paper.abstract };

      // The PDF link and the categories are not embedded: no new vector.
      expect((await requestAs(target.app, admin, 'PUT', '/api/papers/1', { ...edit, version: 7 })).statusCode).toBe(
        200,
      );
      expect(
        (await requestAs(target.app, admin, 'POST', '/api/papers/1/categories', { categories: ['X'] })).statusCode,
      ).toBe(200);
      const title = 'A retitled paper about embedding papers again';
      expect((await requestAs(target.app, admin, 'PUT', '/api/papers/1', { ...edit, title })).statusCode).toBe(200);
      await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-02', title: 'An added paper' });

      await embeddedReaches(target, (done, total) => done === total && total === 9);
      const made = counting.completed;
      expect(made).toHaveLength(10);
      const retitled = made.filter((text) => text.startsWith(title));
      expect(retitled).toHaveLength(1);
      expect(made.filter((text) => text.startsWith('An added paper'))).toHaveLength(1);
      const { index } = await target.services.vectorSupport();
      expect(await index?.vectorOf(encoder.modelId, 1)).toEqual((await encoder.embed(retitled))[0]);
    } finally {
      await embedder.stop();
      await target.close();
      await database.dispose();
    }
  }, 180_000);

  it("removes an earlier model's index entries only once every paper has a vector of the current model, search answering meanwhile", async () => {
    const database = await kind.create();
    let target = await startTestApp(database, {}, { textEmbedder: earlierModel });
    await seedPapers(target.handle, 8);
    await embedAll(target);
    await target.close();

    const lines: string[] = [];
    const counting = countingEmbedder(encoder);
    target = await startTestApp(
      database,
      { LOG_LEVEL: 'info' },
      { textEmbedder: counting.embedder, logDestination: { write: (line: string) => lines.push(line) } },
    );
    const embedder = target.services.createPaperEmbedder({ pollMs: 20, batchSize: 4 });
    try {
      const { index } = await target.services.vectorSupport();
      if (!index) throw new Error('no vector index');
      counting.holdAfter(1);
      embedder.start();
      await counting.held;

      // Half the papers have a vector of the current model: the earlier entries all stay, and the
      // current model's vectors answer a search.
      expect(await indexEntries(target, EARLIER_LENGTH)).toBe(8);
      const current = await target.handle.db
        .selectFrom('paper_embeddings')
        .select('paper_id')
        .where('model', '=', encoder.modelId)
        .execute();
      expect(current).toHaveLength(4);
      const probe = current[0]?.paper_id ?? 0;
      const probeVector = await index.vectorOf(encoder.modelId, probe);
      if (!probeVector) throw new Error('no vector for the probe');
      const nearHalf = (await index.nearest(encoder.modelId, probeVector, 10)).map((near) => near.paperId);
      expect(nearHalf[0]).toBe(probe);
      expect([...nearHalf].sort((a, b) => a - b)).toEqual(current.map((row) => row.paper_id).sort((a, b) => a - b));

      counting.release();
      await embeddedReaches(target, (done, total) => done === total);
      await vi.waitFor(
        () => expect(lines.some((line) => line.includes('vectors of earlier models removed'))).toBe(true),
        { timeout: 60_000, interval: 50 },
      );
      const removal = JSON.parse(lines.find((line) => line.includes('vectors of earlier models removed')) ?? '{}');
      expect(removal).toMatchObject({ removed: 8, model: encoder.modelId });
      expect(await indexEntries(target, EARLIER_LENGTH)).toBe(0);
      expect(await index.nearest(encoder.modelId, probeVector, 10)).toHaveLength(8);
    } finally {
      await embedder.stop();
      await target.close();
      await database.dispose();
    }
  }, 180_000);

  it('two embedders at once on one database store every vector once, without a failure', async () => {
    const database = await kind.create();
    const lines: string[] = [];
    const target = await startTestApp(
      database,
      { LOG_LEVEL: 'warn' },
      { textEmbedder: encoder, logDestination: { write: (line: string) => lines.push(line) } },
    );
    const embedders = [1, 2].map(() => target.services.createPaperEmbedder({ pollMs: 20, batchSize: 3 }));
    try {
      await seedPapers(target.handle, 12);
      for (const embedder of embedders) embedder.start();
      await embeddedReaches(target, (done) => done === 12);
      const { embedded, newest } = await embeddedAndNewest(target);
      expect(embedded).toEqual([...newest].sort((a, b) => a - b));
      expect(lines.filter((line) => line.includes('embedding papers failed'))).toEqual([]);
    } finally {
      await Promise.all(embedders.map((embedder) => embedder.stop()));
      await target.close();
      await database.dispose();
    }
  }, 180_000);
});
