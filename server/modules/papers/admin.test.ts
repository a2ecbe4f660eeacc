import { beforeAll, describe, expect, it } from 'vitest';
import { paperDetailSchema } from '../../../common/papers.js';
import { makeSummary } from '../../../common/testing/summary.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { type TestApp, useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper, addSummary } from '../../test/papers.js';

const SUMMARY = makeSummary({
  Paper_one_line: 'A model that plans.',
  Problem: 'Planning is hard.',
  Takeaway: 'Plan first.',
  Results: ['Better plans'],
  paper_category1: 'Agents',
  paper_category2: 'Planning',
  ApplicationDomains: { items: ['Robotics'] },
  generatedBy: 'llm',
});

const EDIT = {
  version: 3,
  title: 'Edited title',
  pdfUrl: 'https://arxiv.org/pdf/2401.00001v3',
  abstract: 'Edited abstract.',
};

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

const addSummaryBy = (target: TestApp, arxivId: string, model: string | null) =>
  addSummary(target.handle, arxivId, { ...SUMMARY, generatedBy: model ? 'llm' : 'extractive' }, { model });

describe.each(testDatabaseKinds)('paper writes on $name', (kind) => {
  const target = useTestApp(kind);
  let admin: string;
  let reader: string;
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const paper = async (id: string) => paperDetailSchema.parse((await as(null, 'GET', `/api/papers/${id}`)).json());

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    reader = await signedInAs(target, 'user', 'reader@example.org');
    await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-02' });
    await addPaper(target.handle, { arxiv_id: '2401.00002', submitted_date: '2024-01-03' });
    await addPaper(target.handle, { arxiv_id: 'hep-th/9901001', submitted_date: '1999-01-04' });
    await addPaper(target.handle, { arxiv_id: '2401.00009', submitted_date: '2024-01-09' });
    await addSummaryBy(target, '2401.00001', 'gpt-test-1');
    await addSummaryBy(target, '2401.00002', null);
  });

  it('answers 401 to visitors and 403 to readers before looking at the request', async () => {
    for (const [method, url, payload] of [
      ['PUT', '/api/papers/2401.00001', EDIT],
      ['PUT', '/api/papers/2401.00001', { version: 0 }],
      ['PUT', '/api/papers/hep-th/9901001', EDIT],
      ['DELETE', '/api/papers/2401.00001', undefined],
      ['DELETE', '/api/papers/2499.99999', undefined],
      ['POST', '/api/papers/2401.00001/categories', { categories: ['A'] }],
      ['POST', '/api/papers/2401.00001/categories', { categories: 'A' }],
    ] as const) {
      expect((await as(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(reader, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await paper('2401.00001')).title).toBe('Paper 2401.00001');
  });

  it('says which model wrote a summary, and none for an extractive one', async () => {
    expect((await paper('2401.00001')).summaryModel).toBe('gpt-test-1');
    expect(await paper('2401.00002')).toMatchObject({ summaryModel: null, summary: { generatedBy: 'extractive' } });
    expect(await paper('2401.00009')).toMatchObject({ summaryModel: null, summary: null });
  });

  it('edits a paper and answers it; the page, the digest and the feed show it at once', async () => {
    for (const round of [1, 2, 3, 4, 5]) {
      const title = `Edited title ${round}`;
      const response = await as(admin, 'PUT', '/api/papers/2401.00009', { ...EDIT, title });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ arxivId: '2401.00009', title, version: 3 });
      // No wait: the write's own process never answers what was there before it.
      expect((await paper('2401.00009')).title).toBe(title);
      expect((await as(null, 'GET', '/api/papers?limit=1')).json().papers[0].title).toBe(title);
    }
    expect(await paper('2401.00009')).toMatchObject({ ...EDIT, title: 'Edited title 5', summary: null });
    expect((await as(null, 'GET', '/feeds/ai-digest.xml')).body).toContain('<title>Edited title 5</title>');
  });

  it('takes the summary as an object or as JSON text, keeping the model while a model is named', async () => {
    const edited = { ...SUMMARY, Paper_one_line: 'Edited one line.' };
    const asObject = await as(admin, 'PUT', '/api/papers/2401.00001', { ...EDIT, summary: edited });
    expect(asObject.statusCode).toBe(200);
    expect(asObject.json()).toMatchObject({ summary: edited, summaryModel: 'gpt-test-1' });

    const asText = { ...edited, Paper_one_line: 'From JSON text.', generatedBy: 'extractive' };
    const response = await as(admin, 'PUT', '/api/papers/2401.00001', { ...EDIT, summary: JSON.stringify(asText) });
    expect(response.statusCode).toBe(200);
    expect(await paper('2401.00001')).toMatchObject({ summary: asText, summaryModel: null });

    const removed = await as(admin, 'PUT', '/api/papers/2401.00001', { ...EDIT, summary: null });
    expect(removed.json().summary).toBeNull();
  });

  it("refuses a summary that does not parse or match with 'Error parsing summary JSON', changing nothing", async () => {
    const before = await paper('2401.00002');
    for (const summary of ['{"Paper_one_line": ', JSON.stringify({ ...SUMMARY, Results: 'not a list' }), '']) {
      const response = await as(admin, 'PUT', '/api/papers/2401.00002', { ...EDIT, summary });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_request', message: 'Error parsing summary JSON' });
    }
    expect(await paper('2401.00002')).toEqual(before);
  });

  it.each([
    ['version 0', { ...EDIT, version: 0 }],
    ['a version of text', { ...EDIT, version: '2' }],
    ['an empty title', { ...EDIT, title: '  ' }],
    ['a PDF URL that is no URL', { ...EDIT, pdfUrl: 'not a url' }],
    ['no abstract', { version: 2, title: 'T', pdfUrl: 'https://arxiv.org/pdf/1' }],
  ])('refuses %s with 400, changing nothing', async (_name, body) => {
    const before = await paper('2401.00002');
    expect((await as(admin, 'PUT', '/api/papers/2401.00002', body)).statusCode).toBe(400);
    expect(await paper('2401.00002')).toEqual(before);
  });

  it('edits and sets the categories of an old-style id, with a raw or an encoded slash', async () => {
    const raw = await as(admin, 'PUT', '/api/papers/hep-th/9901001', { ...EDIT, title: 'Old style' });
    expect(raw.statusCode).toBe(200);
    const encoded = await as(admin, 'POST', '/api/papers/hep-th%2F9901001/categories', { categories: ['Physics'] });
    const physics = { name: 'Physics', nameAr: 'الفيزياء' };
    expect(encoded.json()).toEqual([physics]);
    expect(await paper('hep-th/9901001')).toMatchObject({ title: 'Old style', categories: [physics] });
  });

  it("makes the paper's categories exactly the names sent, creating new ones", async () => {
    const response = await as(admin, 'POST', '/api/papers/2401.00002/categories', {
      categories: [' Brand New ', 'Mathematics', 'Brand New'],
    });
    expect(response.statusCode).toBe(200);
    const linked = [
      { name: 'Brand New', nameAr: null },
      { name: 'Mathematics', nameAr: 'الرياضيات' },
    ];
    expect(response.json()).toEqual(linked);
    expect((await as(null, 'GET', '/api/categories')).json()).toContain('Brand New');
    expect((await paper('2401.00002')).categories).toEqual(linked);

    const bad = await as(admin, 'POST', '/api/papers/2401.00002/categories', { categories: ['Fine', ' '] });
    expect(bad.statusCode).toBe(400);
    expect((await paper('2401.00002')).categories).toEqual(linked);

    const none = await as(admin, 'POST', '/api/papers/2401.00002/categories', { categories: [] });
    expect(none.json()).toEqual([]);
    expect((await as(null, 'GET', '/api/categories')).json()).toContain('Brand New');
  });

  it('answers 404 for an unknown paper and 400 for a malformed id', async () => {
    for (const [method, payload] of [
      ['PUT', EDIT],
      ['DELETE', undefined],
    ] as const) {
      expect((await as(admin, method, '/api/papers/2499.99999', payload)).statusCode).toBe(404);
      expect((await as(admin, method, '/api/papers/not-an-id', payload)).statusCode).toBe(400);
    }
    const categories = await as(admin, 'POST', '/api/papers/2499.99999/categories', { categories: ['A'] });
    expect(categories.statusCode).toBe(404);
  });

  it('deletes a paper into the recycle bin: hidden from readers, kept with its bookmarks and comments', async () => {
    const paperId = await target.handle.db
      .selectFrom('papers')
      .select('id')
      .where('arxiv_id', '=', '2401.00002')
      .executeTakeFirstOrThrow();
    const user = await target.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'reader@example.org')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await target.handle.db
      .insertInto('bookmarks')
      .values({ user_id: user.id, paper_id: paperId.id, created_at: now })
      .execute();
    await target.handle.db
      .insertInto('comments')
      .values({ user_id: user.id, paper_id: paperId.id, text: '<p>Nice</p>', created_at: now })
      .execute();
    const total = (await as(null, 'GET', '/api/papers')).json().pagination.totalCount;

    const response = await as(admin, 'DELETE', '/api/papers/2401.00002');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Paper deleted' });
    expect((await as(null, 'GET', '/api/papers/2401.00002')).statusCode).toBe(404);
    expect((await as(null, 'GET', '/api/papers')).json().pagination.totalCount).toBe(total - 1);
    for (const table of ['bookmarks', 'comments'] as const) {
      const kept = await target.handle.db
        .selectFrom(table)
        .select('paper_id')
        .where('paper_id', '=', paperId.id)
        .execute();
      expect(kept.length, table).toBeGreaterThan(0);
    }
    expect((await as(null, 'GET', '/api/categories')).json()).toContain('Brand New');
    expect((await as(admin, 'DELETE', '/api/papers/2401.00002')).statusCode).toBe(404);
  });
});
