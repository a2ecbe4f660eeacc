import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Entry, parse } from '@retorquere/bibtex-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { type FakeArxiv, startFakeArxiv } from '../../test/fake-arxiv.js';
import { addPaper } from '../../test/papers.js';
import { openLineFile } from '../ingest/read-lines.js';
import { DEMO_PAPERS_FILE, readDemoPapers, seedPapers } from '../ingest/seed.js';

const TITLE = 'LLM Agents & $O(n^2)$ Planning: 50% Fewer {Tokens} for $5';
const AUTHORS = ['José Müller', 'Łukasz Kaiser', '王伟', 'محمد علي', 'Ludwig van Beethoven'];

function entryOf(body: string): Entry {
  const library = parse(body, { english: false });
  expect(library.errors).toEqual([]);
  expect(library.entries).toHaveLength(1);
  return library.entries[0] as Entry;
}

describe.each(testDatabaseKinds)('BibTeX of a paper on $name', (kind) => {
  const target = useTestApp(kind);
  const get = (url: string) => target.app.inject({ method: 'GET', url });
  let numericId = 0;

  beforeAll(async () => {
    await addPaper(target.handle, {
      arxiv_id: '2402.01234',
      submitted_date: '2024-02-03',
      title: TITLE,
      authors: JSON.stringify(AUTHORS),
      primary_category: 'cs.CL',
    });
    await addPaper(target.handle, {
      arxiv_id: 'math/9501234',
      submitted_date: '1995-01-10',
      primary_category: 'math.GT',
    });
    const row = await target.handle.db
      .selectFrom('papers')
      .select('id')
      .where('arxiv_id', '=', '2402.01234')
      .executeTakeFirstOrThrow();
    numericId = row.id;
  });

  it('answers an @misc entry as UTF-8 BibTeX, named after its key, with the paper’s data', async () => {
    const response = await get('/api/papers/2402.01234/bibtex');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/x-bibtex; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('inline; filename="muller2024llm.bib"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const entry = entryOf(response.body);
    expect(entry).toMatchObject({ type: 'misc', key: 'muller2024llm' });
    expect(entry.fields).toMatchObject({
      title: 'LLM Agents & O(n²) Planning: 50% Fewer {Tokens} for $5',
      year: '2024',
      eprint: '2402.01234',
      archiveprefix: 'arXiv',
      primaryclass: 'cs.CL',
      url: 'https://arxiv.org/abs/2402.01234',
    });
    const authors = (entry.fields.author ?? []).map((author) => [author.firstName, author.prefix, author.lastName]);
    expect(authors).toEqual([
      ['José', undefined, 'Müller'],
      ['Łukasz', undefined, 'Kaiser'],
      [undefined, undefined, '王伟'],
      ['محمد', undefined, 'علي'],
      ['Ludwig', 'van', 'Beethoven'],
    ]);
  });

  it('answers the same entry by numeric id and by versioned arXiv id', async () => {
    const entry = (await get('/api/papers/2402.01234/bibtex')).body;
    expect((await get(`/api/papers/${numericId}/bibtex`)).body).toBe(entry);
    expect((await get('/api/papers/2402.01234v3/bibtex')).body).toBe(entry);
  });

  it('answers an old-style arXiv id by its two segments or with its slash encoded', async () => {
    for (const path of ['/api/papers/math/9501234/bibtex', '/api/papers/math%2F9501234/bibtex']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(entryOf(response.body).fields, path).toMatchObject({
        eprint: 'math/9501234',
        primaryclass: 'math.GT',
        url: 'https://arxiv.org/abs/math/9501234',
      });
    }
  });

  it('answers 404 for an unknown paper and 400 for a malformed id, in the error shape', async () => {
    for (const path of [
      '/api/papers/2101.99999/bibtex',
      '/api/papers/hep-th/9901001/bibtex',
      '/api/papers/99999/bibtex',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual(errorAnswer('not_found', 'Paper not found'));
    }
    const malformed = await get('/api/papers/not-an-id/bibtex');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('invalid_request');
  });
});

describe.each(testDatabaseKinds)('the DOI and journal reference arXiv gives, stored and cited, on $name', (kind) => {
  let fake: FakeArxiv;
  let directory = '';
  beforeAll(async () => {
    fake = await startFakeArxiv();
    directory = await mkdtemp(join(tmpdir(), 'cited-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(directory, { recursive: true, force: true });
  });
  const target = useTestApp(kind, () => ({ ARXIV_API_URL: fake.url }));
  let admin = '';
  const scrape = async (arxivId: string) => {
    admin ||= await signedInAs(target, 'admin', 'admin@example.org');
    return requestAs(target.app, admin, 'POST', '/api/admin/scrape', { arxivId });
  };
  /** Processes every queued paper. */
  const processQueue = async () => {
    const worker = target.services.createWorker();
    for (let outcome = await worker.runOnce(); outcome !== 'idle'; outcome = await worker.runOnce())
      expect(outcome).toBe('completed');
  };
  const fieldsOf = async (arxivId: string) => {
    const response = await target.app.inject({ method: 'GET', url: `/api/papers/${arxivId}/bibtex` });
    expect(response.statusCode, arxivId).toBe(200);
    return entryOf(response.body).fields;
  };

  it("cites a paper scraped and processed from arXiv's answer with its DOI and journal reference", async () => {
    expect((await scrape('cond-mat/0603029')).json()).toMatchObject({ outcome: 'queued' });
    await processQueue();
    expect(await fieldsOf('cond-mat/0603029')).toMatchObject({
      doi: '10.1103/PhysRevB.74.024520',
      note: 'Phys. Rev. B 74, 024520 (2006)',
    });
  });

  it('stores them at once when a scrape asks for a newer version of a stored paper', async () => {
    await addPaper(target.handle, { arxiv_id: '1111.2011', version: 1, submitted_date: '2011-11-08' });
    expect((await fieldsOf('1111.2011')).doi).toBeUndefined();
    expect((await scrape('1111.2011v2')).json()).toMatchObject({ outcome: 'refreshed', paper: { version: 2 } });
    expect(await fieldsOf('1111.2011')).toMatchObject({
      doi: '10.1103/PhysRevB.85.115117',
      note: 'Phys. Rev. B 85, 115117 (2012)',
    });
  });

  it('leaves both out for a paper arXiv gives neither', async () => {
    expect((await scrape('1605.08386')).json()).toMatchObject({ outcome: 'queued' });
    await processQueue();
    const fields = await fieldsOf('1605.08386');
    expect(fields.eprint).toBe('1605.08386');
    expect(fields).not.toHaveProperty('doi');
    expect(fields).not.toHaveProperty('note');
  });

  it('cites the demo papers that have a DOI with it, and their synthetic variants without', async () => {
    const lines: string[] = [];
    for await (const line of (await openLineFile(DEMO_PAPERS_FILE)).lines()) if (JSON.parse(line).doi) lines.push(line);
    expect(lines.length).toBeGreaterThan(0);
    const file = join(directory, 'with-doi.jsonl');
    await writeFile(file, lines.join('\n'));
    const papers = await readDemoPapers(file);
    expect(await seedPapers(target.handle, papers.length + 1, file)).toBe(papers.length + 1);

    for (const paper of papers) {
      const fields = await fieldsOf(paper.arxivId);
      expect(fields.doi, paper.arxivId).toBe(paper.doi);
      if (paper.journalRef) expect(fields.note, paper.arxivId).toBe(paper.journalRef);
      else expect(fields, paper.arxivId).not.toHaveProperty('note');
    }
    const synthetic = await fieldsOf('9901.00001');
    expect(synthetic.title).toContain('Synthetic');
    expect(synthetic).not.toHaveProperty('doi');
    expect(synthetic).not.toHaveProperty('note');
  });
});
