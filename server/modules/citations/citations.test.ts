import { type Entry, parse } from '@retorquere/bibtex-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

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
      expect(response.json()).toEqual({ error: 'not_found', message: 'Paper not found' });
    }
    const malformed = await get('/api/papers/not-an-id/bibtex');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('invalid_request');
  });
});
