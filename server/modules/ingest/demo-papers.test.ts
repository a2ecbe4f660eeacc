import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArxivPaper } from '../../providers/arxiv/types.js';
import { openLineFile } from './read-lines.js';
import { DEMO_PAPERS_FILE, readDemoPapers } from './seed.js';

describe('the demo papers file', () => {
  let papers: ArxivPaper[] = [];
  beforeAll(async () => {
    papers = await readDemoPapers();
  });
  const submitted = (paper: ArxivPaper) => paper.published.slice(0, 10);

  it('holds 600 papers with distinct arXiv ids', () => {
    expect(papers).toHaveLength(600);
    expect(new Set(papers.map((paper) => paper.arxivId)).size).toBe(600);
  });

  it("has real calendar dates within arXiv's lifetime, mostly from 2025 on", () => {
    for (const paper of papers) expect(submitted(paper) >= '1991-08-14').toBe(true);
    const recent = papers.filter((paper) => submitted(paper) >= '2025-01-01');
    expect(recent.length).toBeGreaterThan(papers.length * 0.9);
  });

  it('spreads the papers over primary categories, the four big ones first', () => {
    const perCategory = new Map<string, number>();
    for (const paper of papers)
      perCategory.set(paper.primaryCategory, (perCategory.get(paper.primaryCategory) ?? 0) + 1);
    for (const big of ['cs.CL', 'cs.AI', 'cs.CV', 'cs.LG']) expect(perCategory.get(big)).toBeGreaterThanOrEqual(80);
    expect(perCategory.size).toBeGreaterThanOrEqual(15);
  });

  it('lists the primary category first among the categories', () => {
    for (const paper of papers) expect(paper.categories[0]).toBe(paper.primaryCategory);
  });

  it('can be read partly: a reader may stop after the first lines', async () => {
    const first: string[] = [];
    for await (const line of (await openLineFile(DEMO_PAPERS_FILE)).lines()) {
      first.push(JSON.parse(line).arxivId);
      if (first.length === 3) break;
    }
    expect(first).toEqual(papers.slice(0, 3).map((paper) => paper.arxivId));
  });
});

describe('reading an import file', () => {
  let directory = '';
  const valid = {
    arxivId: '2501.00001',
    version: 2,
    title: 'A paper',
    abstract: 'An abstract.',
    authors: ['Ada Lovelace'],
    categories: ['cs.CL'],
    primaryCategory: 'cs.CL',
    published: null,
    listedOn: '2025-01-02',
  };
  const lines = (...texts: string[]) => texts.join('\n');

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'import-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads gzipped and plain files alike, whatever their names, skipping blank lines', async () => {
    const text = lines(JSON.stringify(valid), '', JSON.stringify({ ...valid, arxivId: 'math/9501234' }), '');
    for (const [name, bytes] of [
      ['gz.jsonl', gzipSync(text)],
      ['plain.jsonl.gz', Buffer.from(text)],
    ] as const) {
      const file = join(directory, name);
      await writeFile(file, bytes);
      expect((await readDemoPapers(file)).map((paper) => paper.arxivId)).toEqual(['2501.00001', 'math/9501234']);
      const opened = await openLineFile(file);
      for await (const _ of opened.lines());
      expect(opened.bytesRead()).toBe(opened.size);
    }
  });

  it('stops the demo seed at an invalid paper, naming its line', async () => {
    const file = join(directory, 'bad.jsonl.gz');
    await writeFile(file, gzipSync(lines(JSON.stringify(valid), JSON.stringify({ ...valid, listedOn: '2025-02-30' }))));
    await expect(readDemoPapers(file)).rejects.toThrow(/bad\.jsonl\.gz:2: invalid listedOn/);
    await writeFile(file, gzipSync(JSON.stringify({ ...valid, arxivId: '2501.00001v2' })));
    await expect(readDemoPapers(file)).rejects.toThrow(/:1: invalid arxivId: an arXiv id without version/);
  });

  it('rejects a line that is not JSON, a corrupt gzip and a missing file, instead of hanging', async () => {
    const file = join(directory, 'broken.jsonl.gz');
    await writeFile(file, gzipSync('{"arxivId":'));
    await expect(readDemoPapers(file)).rejects.toThrow(/broken\.jsonl\.gz:1: not JSON/);
    await writeFile(file, gzipSync(JSON.stringify(valid)).subarray(0, 20));
    await expect(readDemoPapers(file)).rejects.toThrow(/unexpected end of file/);
    await expect(readDemoPapers(join(directory, 'missing.jsonl.gz'))).rejects.toThrow(/ENOENT/);
  });
});
