import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ArxivPaper } from '../../providers/arxiv/types.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { arxivPaper } from '../../test/fake-arxiv-client.js';
import { openLineFile } from './read-lines.js';
import { importEntries } from './records.js';
import type { ImportCounts, ImportMode } from './service.js';

const DEMO_FORMAT = fileURLToPath(new URL('./fixtures/demo-format.jsonl.gz', import.meta.url));
const SNAPSHOT_FORMAT = fileURLToPath(new URL('./fixtures/snapshot-format.jsonl', import.meta.url));

describe.each(testDatabaseKinds)('bulk import on $name', (kind) => {
  const target = useTestApp(kind);
  const db = () => target.handle.db;
  const importFile = async (file: string, mode: ImportMode, batchSize?: number) => {
    const { importer } = target.services;
    const progress: ImportCounts[] = [];
    const counts = await importer.importPapers(importEntries((await openLineFile(file)).lines()), {
      mode,
      batchSize,
      onProgress: (so) => progress.push({ ...so }),
    });
    return { counts, progress };
  };
  const queue = () =>
    db().selectFrom('queue_items').select(['arxiv_id', 'position', 'payload']).orderBy('position').execute();
  const paperIds = async () =>
    (await db().selectFrom('papers').select('arxiv_id').orderBy('arxiv_id').execute()).map((row) => row.arxiv_id);

  it('queues the papers of a file in its order, skipping withdrawn ones and repeated lines', async () => {
    const { counts, progress } = await importFile(DEMO_FORMAT, 'queue', 4);
    expect(counts).toEqual({ read: 9, added: 7, known: 1, deleted: 0, skipped: 1, problems: ['line 7: withdrawn'] });
    expect(progress.map((so) => so.read)).toEqual([4, 9]);
    const items = await queue();
    expect(items.map((item) => [item.arxiv_id, item.position])).toEqual([
      ['2005.14124', 1],
      ['0704.0047', 2],
      ['2503.11742', 3],
      ['2503.11794', 4],
      ['2503.11807', 5],
      ['2503.11846', 6],
      ['2503.11954', 7],
    ]);
    const payload = JSON.parse(items[2]?.payload ?? '') as ArxivPaper;
    expect(payload).toMatchObject({ arxivId: '2503.11742', version: 1, published: '2025-03-18T00:00:00Z' });
    expect(await paperIds()).toEqual([]);
  });

  it('queues a snapshot file after the last position, skipping the papers already queued', async () => {
    await db().updateTable('queue_items').set({ position: 10.5 }).where('arxiv_id', '=', '2503.11954').execute();
    const { counts } = await importFile(SNAPSHOT_FORMAT, 'queue');
    expect(counts).toEqual({ read: 4, added: 2, known: 2, deleted: 0, skipped: 0, problems: [] });
    expect((await queue()).slice(-2).map((item) => [item.arxiv_id, item.position])).toEqual([
      ['0704.0050', 11.5],
      ['2205.09552', 12.5],
    ]);
  });

  it('stores papers as processed with --processed, skipping those already queued or stored', async () => {
    await db().deleteFrom('queue_items').where('arxiv_id', 'in', ['2005.14124', '0704.0047']).execute();
    const first = await importFile(SNAPSHOT_FORMAT, 'processed');
    expect(first.counts).toMatchObject({ read: 4, added: 2, known: 2 });
    expect(await paperIds()).toEqual(['0704.0047', '2005.14124']);
    const again = await importFile(SNAPSHOT_FORMAT, 'processed');
    expect(again.counts).toMatchObject({ read: 4, added: 0, known: 4 });

    const paper = await target.app.inject('/api/papers/2005.14124');
    expect(paper.statusCode).toBe(200);
    expect(paper.json()).toMatchObject({
      arxivId: '2005.14124',
      version: 2,
      submittedDate: '2020-05-28',
      pdfUrl: 'https://arxiv.org/pdf/2005.14124v2',
      translated: false,
      summary: { generatedBy: 'extractive' },
    });
    const summaries = await db().selectFrom('summaries').select(['generated_by', 'model']).execute();
    expect(summaries).toEqual([
      { generated_by: 'extractive', model: null },
      { generated_by: 'extractive', model: null },
    ]);
    const links = await db().selectFrom('paper_categories').select('paper_id').execute();
    expect(links.length).toBeGreaterThanOrEqual(2);
  });

  it('queues nothing that is already a paper, and starts an empty queue at position 1', async () => {
    await db().deleteFrom('queue_items').execute();
    const { counts } = await importFile(SNAPSHOT_FORMAT, 'queue');
    expect(counts).toMatchObject({ added: 2, known: 2 });
    expect((await queue()).map((item) => [item.arxiv_id, item.position])).toEqual([
      ['0704.0050', 1],
      ['2205.09552', 2],
    ]);
  });

  it('gives two imports at once positions of their own', async () => {
    await db().deleteFrom('queue_items').execute();
    const { importer } = target.services;
    const papersOf = (month: string) =>
      Array.from({ length: 40 }, (_, index) => ({ paper: arxivPaper(`${month}.${String(index).padStart(5, '0')}`) }));
    // Small batches, so that the two imports' transactions interleave; on PostgreSQL they run on two
    // connections of the pool, on SQLite one after the other.
    const counts = await Promise.all(
      ['2501', '2502'].map((month) => importer.importPapers(papersOf(month), { mode: 'queue', batchSize: 4 })),
    );
    expect(counts.map((so) => so.added)).toEqual([40, 40]);
    const positions = (await queue()).map((item) => item.position);
    expect(positions).toHaveLength(80);
    expect(new Set(positions).size).toBe(80);
  });
});
