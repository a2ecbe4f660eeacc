import { type Entry, parse } from '@retorquere/bibtex-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

const AUTHORS = ['Ashish Vaswani', 'Noam Shazeer', 'محمد علي'];
const FORMULA_TITLE = '=HYPERLINK("https://evil.example","click")';

/** The rows of an RFC 4180 CSV: quoted cells may hold commas, quotes (doubled) and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  return rows;
}

describe.each(testDatabaseKinds)('exporting bookmarks on $name', (kind) => {
  const target = useTestApp(kind);
  let reader: string;
  let otherReader: string;

  beforeAll(async () => {
    // Two papers whose citation keys would be the same, one whose title is a spreadsheet formula.
    for (const [arxivId, title] of [
      ['2401.00001', 'Attention Is All You Need'],
      ['2401.00002', 'Attention is all you need, again'],
      ['2401.00003', FORMULA_TITLE],
      ['2401.00004', 'Another reader’s paper'],
    ] as const) {
      await addPaper(target.handle, {
        arxiv_id: arxivId,
        title,
        submitted_date: '2024-01-15',
        authors: JSON.stringify(AUTHORS),
        primary_category: 'cs.CL',
        doi: arxivId === '2401.00001' ? '10.1000/xyz123' : null,
      });
    }
    reader = await signedInAs(target, 'user', 'reader@example.org');
    otherReader = await signedInAs(target, 'user', 'other@example.org');
    for (const id of ['2401.00001', '2401.00002', '2401.00003']) {
      expect((await requestAs(target.app, reader, 'POST', `/api/bookmarks/${id}`)).statusCode).toBe(201);
    }
    await requestAs(target.app, otherReader, 'POST', '/api/bookmarks/2401.00004');
  });

  const download = async (format: 'bib' | 'ris' | 'csv', cookie: string | null = reader) => {
    const response = await requestAs(target.app, cookie, 'GET', `/api/bookmarks/export.${format}`);
    return response;
  };

  it('answers 401 to a visitor', async () => {
    for (const format of ['bib', 'ris', 'csv'] as const) {
      const response = await download(format, null);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('unauthenticated');
    }
  });

  it('exports the reader’s bookmarks as BibTeX that a parser reads, each key its own', async () => {
    const response = await download('bib');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/x-bibtex; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bookmarks.bib"');
    const library = parse(response.body, { english: false });
    expect(library.errors).toEqual([]);
    const entries = library.entries as Entry[];
    expect(entries.map((entry) => entry.fields.eprint).sort()).toEqual(['2401.00001', '2401.00002', '2401.00003']);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(3);
    expect(entries.find((entry) => entry.fields.eprint === '2401.00001')?.fields.doi).toBe('10.1000/xyz123');
  });

  it('exports RIS with one record per paper and one AU line per author', async () => {
    const response = await download('ris');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bookmarks.ris"');
    const records = response.body.split('ER  - ').slice(0, -1);
    expect(records).toHaveLength(3);
    for (const record of records) {
      const lines = record.trim().split('\r\n');
      expect(lines[0]).toBe('TY  - UNPB');
      expect(lines.filter((line) => line.startsWith('AU  - '))).toEqual(AUTHORS.map((name) => `AU  - ${name}`));
      expect(lines).toContain('DA  - 2024/01/15');
      expect(lines.some((line) => /^UR {2}- https:\/\/arxiv\.org\/abs\/2401\.0000[123]$/.test(line))).toBe(true);
    }
    expect(response.body).not.toContain('2401.00004');
  });

  it('exports CSV whose cells a spreadsheet never runs as a formula', async () => {
    const response = await download('csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bookmarks.csv"');
    const [header, ...rows] = csvRows(response.body);
    expect(header?.slice(0, 3)).toEqual(['arxiv_id', 'title', 'authors']);
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((row) => [row[0], row]));
    expect(byId.get('2401.00003')?.[1]).toBe(`'${FORMULA_TITLE}`);
    expect(byId.get('2401.00001')?.[2]).toBe(AUTHORS.join('; '));
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('exports an empty file for a reader without bookmarks', async () => {
    const empty = await signedInAs(target, 'user', 'empty@example.org');
    expect((await download('bib', empty)).body).toBe('');
    expect((await download('ris', empty)).body).toBe('');
    expect(csvRows((await download('csv', empty)).body)).toHaveLength(1);
  });
});
