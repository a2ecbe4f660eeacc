import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { type ApiDocument, documentedJsonSchema, fetchApiDocument } from '../../test/openapi.js';
import { addPaper } from '../../test/papers.js';
import { seedPapers } from '../ingest/seed.js';

const OLD_STYLE_ID = 'math/0309136';

/** Each form a client may name a paper by, with the documented path it reaches and the paper's stored id. */
const PAPER_NAMES = [
  { name: '2001.00001', path: '{arxivId}', arxivId: '2001.00001' },
  { name: '2001.00001v3', path: '{arxivId}', arxivId: '2001.00001' },
  { name: 'math%2F0309136', path: '{arxivId}', arxivId: OLD_STYLE_ID },
  { name: 'math.GT%2F0309136', path: '{arxivId}', arxivId: OLD_STYLE_ID },
  { name: OLD_STYLE_ID, path: '{archive}/{number}', arxivId: OLD_STYLE_ID },
  { name: 'math.GT/0309136v2', path: '{archive}/{number}', arxivId: OLD_STYLE_ID },
];

describe.each(testDatabaseKinds)('papers routes against the published document on $name', (kind) => {
  const target = useTestApp(kind);
  let document: ApiDocument;
  const get = (url: string, headers: Record<string, string> = {}) => target.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    await seedPapers(target.handle, 8);
    for (const arxivId of ['2001.00001', OLD_STYLE_ID]) {
      await addPaper(
        target.handle,
        { arxiv_id: arxivId, version: 1, abstract: 'We study things.', pdf_url: '', submitted_date: '2020-01-02' },
        ['Mathematics', 'Geometry'],
      );
    }
    document = await fetchApiDocument(target.app);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(['/api/papers', '/api/papers?page=2&limit=3', '/api/papers?category=Mathematics'])(
    'answers %s as the document declares',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = documentedJsonSchema(document, '/api/papers', '200').parse(response.json());
      expect(body).toMatchObject({ pagination: { currentPage: expect.any(Number) } });
    },
  );

  it.each(PAPER_NAMES)(
    'answers the paper $name and its categories as the document declares',
    async ({ name, path, arxivId }) => {
      const detail = await get(`/api/papers/${name}`);
      expect(detail.statusCode).toBe(200);
      expect(documentedJsonSchema(document, `/api/papers/${path}`, '200').parse(detail.json())).toMatchObject({
        arxivId,
      });
      const categories = await get(`/api/papers/${name}/categories`);
      expect(categories.statusCode).toBe(200);
      expect(documentedJsonSchema(document, `/api/papers/${path}/categories`, '200').parse(categories.json())).toEqual([
        { name: 'Geometry', nameAr: null },
        { name: 'Mathematics', nameAr: 'الرياضيات' },
      ]);
    },
  );

  it.each(PAPER_NAMES)('draws the cover of $name', async ({ name, arxivId }) => {
    const response = await get(`/api/image/${name}/data`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toContain(`arXiv:${arxivId}`);
    expect(document.paths[`/api/image/{${name.includes('/') ? 'archive}/{number' : 'arxivId'}}/data`]).toBeDefined();
  });

  it('holds answers to the contract: an extra or a missing field fails the documented schema', async () => {
    const detail = (await get('/api/papers/2001.00001')).json();
    const schema = documentedJsonSchema(document, '/api/papers/{arxivId}', '200');
    expect(schema.safeParse(detail).success).toBe(true);
    expect(schema.safeParse({ ...detail, internalNote: 'x' }).success).toBe(false);
    const { abstract: _abstract, ...withoutAbstract } = detail;
    expect(schema.safeParse(withoutAbstract).success).toBe(false);
  });

  it.each([
    ['/api/papers?limit=0', '/api/papers', '400'],
    ['/api/papers/abc', '/api/papers/{arxivId}', '400'],
    ['/api/papers/2101.99999', '/api/papers/{arxivId}', '404'],
    ['/api/papers/math/abc/categories', '/api/papers/{archive}/{number}/categories', '400'],
    ['/api/papers/hep-th/9901001/categories', '/api/papers/{archive}/{number}/categories', '404'],
    ['/api/image/2101.99999/data', '/api/image/{arxivId}/data', '404'],
  ])('answers %s with the documented error', async (url, path, status) => {
    const response = await get(url);
    expect(String(response.statusCode)).toBe(status);
    documentedJsonSchema(document, path, status).parse(response.json());
  });

  it('sends a cached answer as the service serialised it, without serialising it again', async () => {
    const first = await get('/api/papers?page=1&limit=4');
    const stringify = vi.spyOn(JSON, 'stringify');
    const stringified = () => stringify.mock.calls.map(([value]) => value);
    const again = await get('/api/papers?page=1&limit=4');
    expect(again.body).toBe(first.body);
    expect(stringified()).not.toContainEqual(expect.objectContaining({ papers: expect.anything() }));
    await get('/api/papers/2001.00001');
    stringify.mockClear();
    await get('/api/papers/2001.00001');
    expect(stringified()).not.toContainEqual(expect.objectContaining({ arxivId: '2001.00001' }));
  });
});
