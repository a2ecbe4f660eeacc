import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SearchStatus } from '../../../common/search.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { seedPapers } from '../ingest/seed.js';
import { embeddingProgress, secondsLeft } from './embedding-progress.js';

const NOW = new Date('2030-01-01T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('the time left to embed', () => {
  it('is the papers left at the pace of the vectors stored in the window', () => {
    // 10 vectors over the last 4 minutes: 2.5 a minute, so 20 papers take 8 minutes.
    expect(secondsLeft(20, { count: 10, oldest: minutesAgo(4) }, NOW)).toBe(480);
    expect(secondsLeft(1, { count: 600, oldest: minutesAgo(5) }, NOW)).toBe(1);
  });

  it('is not known without vectors in the window, or when they were all stored in the last minute', () => {
    expect(secondsLeft(20, { count: 0, oldest: null }, NOW)).toBeNull();
    expect(secondsLeft(20, { count: 64, oldest: minutesAgo(0.5) }, NOW)).toBeNull();
  });
});

describe.each(testDatabaseKinds)('the embedding progress on $name', (kind) => {
  const target = useTestApp(kind);
  const model = 'paced-model';
  const status = (done: number, vectorIndex: SearchStatus['vectorIndex'] = 'sqlite-vec'): SearchStatus => ({
    vectorIndex,
    reason: null,
    model,
    embedded: { done, total: 30 },
  });

  /** Stores a vector of `vectorModel` for each paper in order, made at the given times. */
  async function storeVectors(vectorModel: string, times: string[], firstPaper = 1): Promise<void> {
    const { db, dialect } = target.handle;
    for (const [i, embeddedAt] of times.entries()) {
      const paperId = firstPaper + i;
      if (dialect === 'sqlite')
        await sql`INSERT INTO paper_embeddings (paper_id, model, dimensions, embedded_at, vector)
          VALUES (${paperId}, ${vectorModel}, 2, ${embeddedAt}, ${new Uint8Array(8)})`.execute(db);
      else
        await sql`INSERT INTO paper_embeddings (paper_id, model, dimensions, embedded_at)
          VALUES (${paperId}, ${vectorModel}, 2, ${embeddedAt})`.execute(db);
    }
  }

  it('tells the time left from the vectors of the model stored in the last five minutes, whichever process stored them', async () => {
    await seedPapers(target.handle, 30);
    const { db } = target.handle;
    // One vector of long ago, ten over the last four minutes, and one of another model just now.
    await storeVectors(model, [minutesAgo(30), ...Array.from({ length: 10 }, (_, i) => minutesAgo(4 - i * 0.4))]);
    await storeVectors('another-model', [minutesAgo(1)], 12);

    // 19 left at 2.5 a minute.
    expect(await embeddingProgress(db, status(11), NOW)).toEqual({ done: 11, total: 30, secondsLeft: 456 });
    // Ten minutes on, nothing was stored lately: the pace is not known.
    const later = new Date(NOW.getTime() + 10 * 60_000);
    expect(await embeddingProgress(db, status(11), later)).toEqual({ done: 11, total: 30, secondsLeft: null });
    expect(await embeddingProgress(db, status(30), later)).toEqual({ done: 30, total: 30, secondsLeft: 0 });
    expect(await embeddingProgress(db, status(11, 'none'), NOW)).toEqual({ done: 11, total: 30, secondsLeft: null });
  });
});
