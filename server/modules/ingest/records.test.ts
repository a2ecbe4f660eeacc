import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readRecord } from './records.js';

const fixture = (name: string) => {
  const bytes = readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').split('\n').filter(Boolean);
};

describe('readRecord, the public arXiv metadata snapshot format', () => {
  const [first = '', second = ''] = fixture('snapshot-format.jsonl');

  it('reads a paper: newest version, first and last version dates, names from authors_parsed, text collapsed', () => {
    expect(readRecord(first)).toEqual({
      paper: {
        arxivId: '2005.14124',
        version: 2,
        title: 'Active Fuzzing for Testing and Securing Cyber-Physical Systems',
        abstract: expect.stringMatching(
          /^Cyber-physical systems \(CPSs\) in critical infrastructure face a pervasive threat from/,
        ),
        authors: [
          { name: 'Yuqi Chen', affiliations: [] },
          { name: 'Bohan Xuan', affiliations: [] },
          { name: 'Christopher M. Poskitt', affiliations: [] },
          { name: 'Jun Sun', affiliations: [] },
          { name: 'Fan Zhang', affiliations: [] },
        ],
        primaryCategory: 'cs.SE',
        categories: ['cs.SE', 'cs.CR', 'cs.LG'],
        classCodes: [],
        published: '2020-05-28T16:19:50Z',
        updated: expect.stringMatching(/^20\d\d-/),
        pdfUrl: 'https://arxiv.org/pdf/2005.14124v2',
        comment: expect.stringContaining('ISSTA 2020'),
        journalRef: expect.stringContaining('pages 14-26'),
        doi: '10.1145/3395363.3397376',
      },
    });
  });

  it('falls back to the authors string without authors_parsed', () => {
    const record = { ...JSON.parse(second), authors_parsed: undefined };
    const outcome = readRecord(JSON.stringify(record));
    expect('paper' in outcome && outcome.paper.authors.map((author) => author.name)).toEqual(['T. Kosel', 'I. Grabec']);
  });

  it('names an old-style paper given with its subject class by the id arXiv gives it', () => {
    const record = JSON.parse(first);
    expect(readRecord(JSON.stringify({ ...record, id: 'math.GT/0309136' }))).toMatchObject({
      paper: {
        arxivId: 'math/0309136',
        pdfUrl: expect.stringMatching(/^https:\/\/arxiv\.org\/pdf\/math\/0309136v\d+$/),
      },
    });
  });

  it('skips a record with a versioned id, no categories or no versions, saying which field', () => {
    const record = JSON.parse(first);
    expect(readRecord(JSON.stringify({ ...record, id: '2005.14124v2' }))).toEqual({
      skipped: 'invalid id: an arXiv id without version',
    });
    expect(readRecord(JSON.stringify({ ...record, categories: ' ' }))).toMatchObject({
      skipped: /^invalid categories/,
    });
    expect(readRecord(JSON.stringify({ ...record, versions: [] }))).toMatchObject({ skipped: /^invalid versions/ });
  });
});

describe('readRecord, the demo papers format', () => {
  const lines = fixture('demo-format.jsonl.gz');
  const outcomes = lines.map(readRecord);

  it('uses listedOn as the submitted date where published is missing, and version 1 where it is unknown', () => {
    expect(outcomes[2]).toMatchObject({
      paper: {
        arxivId: '2503.11742',
        version: 1,
        published: '2025-03-18T00:00:00Z',
        updated: '2025-03-18T00:00:00Z',
        pdfUrl: 'https://arxiv.org/pdf/2503.11742v1',
      },
    });
    expect(outcomes[1]).toMatchObject({ paper: { arxivId: '0704.0047', published: '2007-04-01T13:06:50Z' } });
  });

  it('splits ACM and MSC class strings into codes, kept apart from the categories', () => {
    expect(outcomes[7]).toMatchObject({
      paper: {
        arxivId: '2503.11954',
        classCodes: ['94A29', '94A08', '94B05', '68T01', '68P30', 'I.4.2', 'E.4', 'I.2.10', 'I.5.4', 'I.5.1', 'I.4.1'],
      },
    });
  });

  it('skips withdrawn papers and undated ones', () => {
    expect(outcomes[6]).toEqual({ skipped: 'withdrawn' });
    const undated = { ...JSON.parse(lines[2] ?? ''), listedOn: null };
    expect(readRecord(JSON.stringify(undated))).toEqual({ skipped: 'neither published nor listedOn' });
  });

  it('skips what is not JSON', () => {
    expect(readRecord('{"arxivId":')).toEqual({ skipped: 'not JSON' });
    expect(readRecord('[]')).toMatchObject({ skipped: /^invalid/ });
  });
});
