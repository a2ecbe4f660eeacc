import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedPapers, type SeedPaper } from './read-seed.js';

async function readAll(file?: string): Promise<SeedPaper[]> {
  const papers: SeedPaper[] = [];
  for await (const paper of readSeedPapers(file)) papers.push(paper);
  return papers;
}

describe('the demo seed file', () => {
  let papers: SeedPaper[] = [];
  beforeAll(async () => {
    papers = await readAll();
  });

  it('holds 600 papers with distinct arXiv ids', () => {
    expect(papers).toHaveLength(600);
    expect(new Set(papers.map((paper) => paper.arxivId)).size).toBe(600);
  });

  it("has real calendar dates within arXiv's lifetime, mostly from 2025 on", () => {
    for (const { submittedDate } of papers) {
      expect(new Date(`${submittedDate}T00:00:00Z`).toISOString().slice(0, 10)).toBe(submittedDate);
      expect(submittedDate >= '1991-08-14').toBe(true);
    }
    const recent = papers.filter((paper) => paper.submittedDate >= '2025-01-01');
    expect(recent.length).toBeGreaterThan(papers.length * 0.9);
  });

  it('spreads the papers over primary categories, the four big ones first', () => {
    const perCategory = new Map<string, number>();
    for (const paper of papers)
      perCategory.set(paper.primaryCategory, (perCategory.get(paper.primaryCategory) ?? 0) + 1);
    for (const big of ['cs.CL', 'cs.AI', 'cs.CV', 'cs.LG']) expect(perCategory.get(big)).toBeGreaterThanOrEqual(80);
    expect(perCategory.size).toBeGreaterThanOrEqual(15);
  });

  it('can be read partly: a reader may stop after the first papers', async () => {
    const first: string[] = [];
    for await (const paper of readSeedPapers()) {
      first.push(paper.arxivId);
      if (first.length === 3) break;
    }
    expect(first).toEqual(papers.slice(0, 3).map((paper) => paper.arxivId));
  });

  it('lists the primary category first among the categories', () => {
    for (const paper of papers) expect(paper.categories[0]).toBe(paper.primaryCategory);
  });
});

describe('readSeedPapers', () => {
  let directory = '';
  const valid = {
    arxivId: '2501.00001',
    version: 2,
    title: 'A paper',
    abstract: 'An abstract.',
    authors: ['Ada Lovelace'],
    categories: ['cs.CL'],
    primaryCategory: 'cs.CL',
    submittedDate: '2025-01-02',
  };
  const gzippedLines = (...lines: string[]) => gzipSync(lines.join('\n'));

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'seed-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads every line, skipping blank ones', async () => {
    const file = join(directory, 'ok.jsonl.gz');
    await writeFile(
      file,
      gzippedLines(JSON.stringify(valid), '', JSON.stringify({ ...valid, arxivId: 'math/9501234' })),
    );
    expect((await readAll(file)).map((paper) => paper.arxivId)).toEqual(['2501.00001', 'math/9501234']);
  });

  it('rejects an invalid paper with its line number', async () => {
    const file = join(directory, 'bad.jsonl.gz');
    await writeFile(
      file,
      gzippedLines(JSON.stringify(valid), JSON.stringify({ ...valid, submittedDate: '2025-02-30' })),
    );
    await expect(readAll(file)).rejects.toThrow(/bad\.jsonl\.gz:2: invalid seed paper/);
    await writeFile(file, gzippedLines(JSON.stringify({ ...valid, arxivId: '2501.00001v2' })));
    await expect(readAll(file)).rejects.toThrow(/:1: invalid seed paper/);
  });

  it('rejects a line that is not JSON, and a missing file, instead of hanging', async () => {
    const file = join(directory, 'broken.jsonl.gz');
    await writeFile(file, gzippedLines('{"arxivId":'));
    await expect(readAll(file)).rejects.toThrow(/broken\.jsonl\.gz:1: not JSON/);
    await expect(readAll(join(directory, 'missing.jsonl.gz'))).rejects.toThrow(/ENOENT/);
  });
});
