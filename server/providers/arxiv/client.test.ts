import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseArxivId } from '../../../common/arxiv-id.js';
import {
  ARXIV_FIXTURES_DIR,
  type FakeArxiv,
  MALFORMED_ID,
  RECORDED_BY_ID,
  recordedArxiv,
  startFakeArxiv,
} from '../../test/fake-arxiv.js';
import { type ArxivClientOptions, createArxivClient } from './client.js';
import { ArxivError, type ArxivPaper } from './types.js';

const SPACING_MS = 20;
let fake: FakeArxiv;
const client = (options: Partial<ArxivClientOptions> = {}) =>
  createArxivClient({ apiUrl: fake.url, spacingMs: SPACING_MS, retryDelaysMs: [10, 10], ...options });

beforeAll(async () => {
  fake = await startFakeArxiv();
});
afterEach(() => {
  fake.rule = recordedArxiv();
  fake.requests.length = 0;
});
afterAll(() => fake.close());

/** The ArxivError a call fails with. */
async function failure(call: Promise<unknown>): Promise<ArxivError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ArxivError);
  return error as ArxivError;
}

/** What every paper read from any feed must satisfy. */
function expectWellFormed(paper: ArxivPaper): void {
  expect(parseArxivId(paper.arxivId)).toEqual({ arxivId: paper.arxivId, version: null });
  expect(paper.version).toBeGreaterThanOrEqual(1);
  for (const text of [paper.title, paper.abstract]) expect(text).toMatch(/^\S(.*\S)?$/s);
  expect(paper.abstract).not.toMatch(/\s{2}|\n/);
  expect(paper.title).not.toMatch(/\s{2}|\n/);
  expect(paper.categories[0]).toBe(paper.primaryCategory);
  expect(paper.authors.length).toBeGreaterThan(0);
  for (const author of paper.authors) expect(author.name).not.toBe('');
  expect(paper.published).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  expect(paper.updated >= paper.published).toBe(true);
  expect(paper.pdfUrl).toBe(`https://arxiv.org/pdf/${paper.arxivId}v${paper.version}`);
}

describe('fetchPaper against recorded answers', () => {
  it('reads a classic-format paper: version, dates, doi, journal reference, comment', async () => {
    const paper = await client().fetchPaper('1111.2011');
    expect(paper).toEqual({
      arxivId: '1111.2011',
      version: 2,
      title: 'Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit',
      abstract: expect.stringMatching(
        /^Theoretical description of anisotropic systems, such as layered superconductors/,
      ),
      authors: [
        { name: 'James M. Murray', affiliations: [] },
        { name: 'Adrian Del Maestro', affiliations: [] },
        { name: 'Zlatko Tesanovic', affiliations: [] },
      ],
      primaryCategory: 'cond-mat.str-el',
      categories: ['cond-mat.str-el', 'cond-mat.stat-mech'],
      classCodes: [],
      published: '2011-11-08T18:48:36Z',
      updated: '2012-04-02T12:38:54Z',
      pdfUrl: 'https://arxiv.org/pdf/1111.2011v2',
      comment: '8 pages, 3 figures. Published version',
      journalRef: 'Phys. Rev. B 85, 115117 (2012)',
      doi: '10.1103/PhysRevB.85.115117',
    });
    expect(paper.abstract.endsWith('to the theory describing a single node.')).toBe(true);
  });

  it('asks for the id without its version, so arXiv answers with the newest one', async () => {
    await client().fetchPaper('https://arxiv.org/pdf/1111.2011v1.pdf');
    expect(fake.requests.map((request) => request.query.get('id_list'))).toEqual(['1111.2011']);
  });

  it('asks for an old-style id by its archive, as arXiv names the paper', async () => {
    expect((await client().fetchPaper('cond-mat.SC/0603029v1')).arxivId).toBe('cond-mat/0603029');
    expect(fake.requests.map((request) => request.query.get('id_list'))).toEqual(['cond-mat/0603029']);
  });

  it('reads an old-style id whose entry id has no version from the abs link, and converts dates to UTC', async () => {
    const paper = await client().fetchPaper('hep-ex/0307015');
    expect(paper).toMatchObject({
      arxivId: 'hep-ex/0307015',
      version: 1,
      published: '2003-07-07T17:46:39Z',
      journalRef: 'Eur.Phys.J. C31 (2003) 17-29',
      comment: '23 pages, 8 figures and 4 tables',
      doi: null,
      authors: [{ name: 'H1 Collaboration', affiliations: [] }],
    });
    expect(paper.abstract).toContain('0.30 \\pm 0.04');
  });

  it('reads a current-format paper with affiliations and decodes entities', async () => {
    const paper = await client().fetchPaper('astro-ph/0601001v1');
    expect(paper.authors).toEqual([
      { name: 'Andrew Gould', affiliations: ['Ohio State'] },
      { name: 'Susan Dorsher', affiliations: ['Ohio State'] },
      { name: 'B. Scott Gaudi', affiliations: ['CfA'] },
      { name: 'Andrzej Udalski', affiliations: ['Warsaw University Observatory'] },
    ]);
    expect(paper).toMatchObject({ version: 1, primaryCategory: 'astro-ph', journalRef: 'ActaAstron.56:1-50,2006' });
    expect(paper.abstract).toContain('Gould & Morgan (2003)');
    expect(paper.abstract).toContain('V_max<17.5');
    expect((await client().fetchPaper('hep-ex/0406020')).authors).toEqual([
      { name: 'Alessia Tricomi', affiliations: ['for the ATLAS and CMS Collaborations'] },
    ]);
  });

  it('keeps a title that looks like a number as text', async () => {
    expect(await client().fetchPaper('2104.12255v1')).toMatchObject({
      title: '0',
      version: 1,
      primaryCategory: 'cs.CR',
    });
  });

  it('reads every recorded lookup into a well-formed paper of the id asked for', async () => {
    const lookups = Object.keys(RECORDED_BY_ID).filter((id) => !['1234.12345', '0808.05394'].includes(id));
    for (const id of lookups) {
      const paper = await client().fetchPaper(id);
      expect(paper.arxivId).toBe(id);
      expectWellFormed(paper);
    }
  });
});

describe('fetchPaper failures, each with its own kind', () => {
  it('refuses what is not an id before any request', async () => {
    const error = await failure(client().fetchPaper('https://example.org/abs/2401.12345'));
    expect(error.kind).toBe('invalid_id');
    expect(error.message).toMatch(/^Not an arXiv paper/);
    expect(fake.requests).toHaveLength(0);
  });

  it('reports an error feed with the reason arXiv gives', async () => {
    const error = await failure(client().fetchPaper('1234.12345'));
    expect(error.kind).toBe('api_error');
    expect(error.message).toBe('arXiv answered with an error for 1234.12345: incorrect id format for 1234.12345');
  });

  it('reports HTTP 400 as an id arXiv refuses', async () => {
    fake.rule = () => MALFORMED_ID;
    const error = await failure(client().fetchPaper('2401.00001'));
    expect(error.kind).toBe('invalid_id');
    expect(error.message).toBe('arXiv refused the request for 2401.00001 (HTTP 400): incorrect id format for abc');
  });

  it('reports an empty feed as a paper arXiv does not have', async () => {
    for (const id of ['0808.05394', '0000.0000']) {
      const error = await failure(client().fetchPaper(id));
      expect(error.kind).toBe('not_found');
      expect(error.message).toBe(`arXiv has no paper ${id}`);
    }
  });

  it('reports a refused connection as arXiv being unreachable from this server, and a timeout as arXiv being unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await failure(
      createArxivClient({ apiUrl: `http://127.0.0.1:${port}/api/query`, spacingMs: 0 }).fetchPaper('1111.2011'),
    );
    expect(unreachable.kind).toBe('unreachable');
    expect(unreachable.message).toBe('This server cannot reach arXiv (ECONNREFUSED)');

    fake.answerNext({ file: RECORDED_BY_ID['1111.2011']?.file, delayMs: 1_500 });
    const slow = await failure(client({ timeoutMs: 100 }).fetchPaper('1111.2011'));
    expect(slow.kind).toBe('unavailable');
    expect(slow.message).toBe('arXiv did not answer within 100 ms');
  });

  it('reports another status, and a body that is not a feed, without storing anything half-read', async () => {
    fake.answerNext({ status: 500, body: 'oops' }, { body: '<html>maintenance</html>' });
    expect(await failure(client().fetchPaper('1111.2011'))).toMatchObject({
      kind: 'unavailable',
      message: 'arXiv answered HTTP 500 for 1111.2011',
    });
    expect(await failure(client().fetchPaper('1111.2011'))).toMatchObject({
      kind: 'api_error',
      message: 'arXiv sent a feed that cannot be read: it has no Atom feed element',
    });
  });
});

describe('retries', () => {
  it('retries 429 and 503 and then answers', async () => {
    fake.answerNext({ status: 429 }, { status: 503 });
    expect((await client().fetchPaper('1111.2011')).version).toBe(2);
    expect(fake.requests).toHaveLength(3);
  });

  it('honours Retry-After when it asks for longer than the backoff', async () => {
    fake.answerNext({ status: 503, headers: { 'retry-after': '1' } });
    await client().fetchPaper('1111.2011');
    const [first, second] = fake.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('gives up after its retries, or at once when Retry-After is longer than it will wait', async () => {
    fake.answerNext({ status: 503 }, { status: 503 }, { status: 503 });
    expect(await failure(client().fetchPaper('1111.2011'))).toMatchObject({
      kind: 'unavailable',
      message: 'arXiv is busy (HTTP 503); tried 3 times',
    });
    fake.requests.length = 0;
    fake.answerNext({ status: 429, headers: { 'retry-after': '3600' } });
    expect(await failure(client().fetchPaper('1111.2011'))).toMatchObject({
      kind: 'unavailable',
      message: 'arXiv is busy (HTTP 429) and asks to wait 3600 s',
    });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('request spacing', () => {
  it('sends the requests of 20 concurrent callers one at a time, each at least the spacing after the last', async () => {
    const shared = client({ spacingMs: 30 });
    const ids = Array.from({ length: 20 }, (_, i) => Object.keys(RECORDED_BY_ID)[i % 3] as string);
    const papers = await Promise.all(ids.map((id) => shared.fetchPaper(id)));
    expect(papers.map((paper) => paper.arxivId)).toEqual(ids);
    const arrivals = fake.requests.map((request) => request.receivedAt);
    expect(arrivals).toHaveLength(20);
    for (let i = 1; i < arrivals.length; i++)
      expect((arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0)).toBeGreaterThanOrEqual(30);
  });

  it('spaces retries like any other request', async () => {
    fake.answerNext({ status: 503 });
    await client({ spacingMs: 50, retryDelaysMs: [0] }).fetchPaper('1111.2011');
    const [first, second] = fake.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(50);
  });
});

describe('fetchNewest', () => {
  it('asks for the newest submissions of the categories', async () => {
    await client().fetchNewest(['cs.AI', 'cs.CL'], 50);
    expect(Object.fromEntries(fake.requests[0]?.query ?? [])).toEqual({
      search_query: 'cat:cs.AI OR cat:cs.CL',
      sortBy: 'submittedDate',
      sortOrder: 'descending',
      start: '0',
      max_results: '50',
    });
  });

  const recorded = readdirSync(ARXIV_FIXTURES_DIR).filter((file) => file.endsWith('.xml'));
  const errorFeeds = ['arxivdocs__error_incorrect_id_format_1234.12345.xml', MALFORMED_ID.file];
  it.each(recorded.filter((file) => !errorFeeds.includes(file)))('reads every entry of %s', async (file) => {
    fake.rule = recordedArxiv({ file });
    const entries = readFileSync(`${ARXIV_FIXTURES_DIR}${file}`, 'utf8').match(/<entry[\s>]/g)?.length ?? 0;
    const papers = await client().fetchNewest(['cs.AI'], 100);
    expect(papers).toHaveLength(entries);
    for (const paper of papers) expectWellFormed(paper);
  });

  it('reports the recorded error feeds of a search', async () => {
    fake.rule = recordedArxiv({ file: errorFeeds[0] });
    expect((await failure(client().fetchNewest(['cs.AI'], 10))).kind).toBe('api_error');
    fake.rule = recordedArxiv(MALFORMED_ID);
    expect((await failure(client().fetchNewest(['cs.AI'], 10))).kind).toBe('invalid_id');
  });

  it('answers an empty list when nothing matches', async () => {
    fake.rule = recordedArxiv({ file: 'arxivpy__id_0000.0000_s0_m100_8b51d9633a68.xml' });
    expect(await client().fetchNewest(['cs.AI'], 10)).toEqual([]);
  });
});
