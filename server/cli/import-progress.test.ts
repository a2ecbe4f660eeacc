import { describe, expect, it } from 'vitest';
import type { ImportCounts } from '../modules/ingest/service.js';
import { createImportProgress } from './import-progress.js';

const counts = (read: number): ImportCounts => ({
  read,
  added: read - 1,
  known: 1,
  deleted: 0,
  skipped: 0,
  problems: [],
});

function record(isTTY: boolean) {
  const written: string[] = [];
  const progress = createImportProgress({ isTTY, write: (text) => written.push(text) }, 'queued');
  return { written, progress };
}

describe('import progress', () => {
  it('redraws one bar in place on a terminal, and ends its line when done', () => {
    const { written, progress } = record(true);
    progress.update(0.5, counts(1_000));
    progress.update(1, counts(2_000));
    progress.finish();
    expect(written).toEqual([
      `\r[${'#'.repeat(15)}${'.'.repeat(15)}]  50% 1,000 read, 999 queued, 1 already known, 0 deleted by an admin, 0 skipped\u001b[K`,
      `\r[${'#'.repeat(30)}] 100% 2,000 read, 1,999 queued, 1 already known, 0 deleted by an admin, 0 skipped\u001b[K`,
      '\n',
    ]);
  });

  it('writes a plain line at each tenth otherwise, and nothing in between', () => {
    const { written, progress } = record(false);
    for (const fraction of [0.02, 0.05, 0.1, 0.12, 0.35, 0.36, 1]) progress.update(fraction, counts(10));
    progress.finish();
    expect(written.map((line) => line.slice(0, 4))).toEqual([' 10%', ' 35%', '100%']);
    expect(written.every((line) => line.endsWith('skipped\n') && !line.includes('\r'))).toBe(true);
  });
});
