import { beforeAll, describe, expect, it } from 'vitest';
import { type Bookmark, bookmarkListSchema, bookmarkSchema } from '../../../common/bookmarks.js';
import { type PaperCard, paperListSchema } from '../../../common/papers.js';
import { signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { addPaper } from '../../test/papers.js';
import { useSmtpServer } from '../../test/smtp.js';
import { seedPapers } from '../ingest/seed.js';

const OLD_STYLE_ID = 'math/9501234';

describe.each(testDatabaseKinds)('bookmarks API on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  let owner: string;
  let otherReader: string;
  let papers: PaperCard[];
  const as = (cookie: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, headers = {}) =>
    target.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const listOf = async (cookie: string): Promise<Bookmark[]> =>
    bookmarkListSchema.parse((await as(cookie, 'GET', '/api/bookmarks')).json());
  const paper = (index: number): PaperCard => {
    const found = papers[index];
    if (!found) throw new Error(`no paper ${index}`);
    return found;
  };

  beforeAll(async () => {
    await seedPapers(target.handle, 6);
    await addPaper(target.handle, {
      arxiv_id: OLD_STYLE_ID,
      version: 1,
      title: 'An old-style paper',
      abstract: 'From the last century.',
      pdf_url: `https://arxiv.org/pdf/${OLD_STYLE_ID}v1`,
      submitted_date: '1995-01-10',
    });
    papers = paperListSchema.parse((await target.app.inject('/api/papers?limit=10')).json()).papers;
    owner = await signUpVerified(target.app, smtp, 'owner@example.org');
    otherReader = await signUpVerified(target.app, smtp, 'other@example.org');
  });

  it('answers 401 to visitors on every route, before looking at the request', async () => {
    for (const [method, url] of [
      ['GET', '/api/bookmarks'],
      ['GET', `/api/bookmarks/${paper(0).arxivId}`],
      ['GET', `/api/bookmarks/${OLD_STYLE_ID}`],
      ['GET', '/api/bookmarks/not-an-id'],
      ['POST', `/api/bookmarks/${paper(0).arxivId}`],
      ['POST', `/api/bookmarks/${OLD_STYLE_ID}`],
      ['POST', '/api/bookmarks/not-an-id'],
      ['DELETE', '/api/bookmarks/1'],
      ['DELETE', '/api/bookmarks/abc'],
    ] as const) {
      const response = await as(null, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json(), `${method} ${url}`).toEqual(errorAnswer('unauthenticated', 'Please sign in first.'));
    }
  });

  it('bookmarks a paper by arXiv id, numeric id or old-style id, and lists them newest first', async () => {
    const byArxivId = await as(owner, 'POST', `/api/bookmarks/${paper(0).arxivId}`);
    expect(byArxivId.statusCode).toBe(201);
    const first = bookmarkSchema.parse(byArxivId.json());
    expect(first).toMatchObject({ paperId: paper(0).id, arxivId: paper(0).arxivId });

    const byId = await as(owner, 'POST', `/api/bookmarks/${paper(1).id}`);
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toMatchObject({ paperId: paper(1).id, arxivId: paper(1).arxivId });

    const oldStyle = await as(owner, 'POST', `/api/bookmarks/${OLD_STYLE_ID}`);
    expect(oldStyle.statusCode).toBe(201);
    expect(oldStyle.json()).toMatchObject({ arxivId: OLD_STYLE_ID });

    const list = await listOf(owner);
    expect(list.map((bookmark) => bookmark.arxivId)).toEqual([OLD_STYLE_ID, paper(1).arxivId, paper(0).arxivId]);
    expect(list.at(-1)).toEqual(first);
  });

  it('answers whether a paper is bookmarked: true, or 404', async () => {
    for (const url of [
      `/api/bookmarks/${paper(0).arxivId}`,
      `/api/bookmarks/${paper(0).arxivId}v3`,
      `/api/bookmarks/${OLD_STYLE_ID}`,
      `/api/bookmarks/${encodeURIComponent(OLD_STYLE_ID)}`,
    ]) {
      const response = await as(owner, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toBe(true);
    }
    for (const url of [`/api/bookmarks/${paper(2).arxivId}`, '/api/bookmarks/2101.99999']) {
      const response = await as(owner, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error, url).toBe('not_found');
    }
  });

  it('answers 409 to a second bookmark of the same paper, however it is named, and keeps one', async () => {
    for (const url of [
      `/api/bookmarks/${paper(0).arxivId}`,
      `/api/bookmarks/${paper(0).id}`,
      `/api/bookmarks/${encodeURIComponent(OLD_STYLE_ID)}`,
    ]) {
      const response = await as(owner, 'POST', url);
      expect(response.statusCode, url).toBe(409);
      expect(response.json(), url).toEqual(errorAnswer('conflict', 'Paper is already bookmarked'));
    }
    expect(await listOf(owner)).toHaveLength(3);
  });

  it('answers 404 for an unknown paper and 400 for a malformed id, bookmarking nothing', async () => {
    for (const ref of ['2101.99999', 'hep-th/9901001', '999999', '2147483647']) {
      const response = await as(owner, 'POST', `/api/bookmarks/${ref}`);
      expect(response.statusCode, ref).toBe(404);
      expect(response.json(), ref).toEqual(errorAnswer('not_found', 'Paper not found'));
    }
    // Numbers past a 32-bit id are malformed, as on /api/papers.
    for (const ref of ['abc', '2101.1', '0', '2147483648', '99999999999999']) {
      const response = await as(owner, 'POST', `/api/bookmarks/${ref}`);
      expect(response.statusCode, ref).toBe(400);
      expect(response.json().error, ref).toBe('invalid_request');
    }
    for (const id of ['abc', '0', '1.5', '2147483648', '99999999999999']) {
      expect((await as(owner, 'DELETE', `/api/bookmarks/${id}`)).statusCode, id).toBe(400);
    }
    expect(await listOf(owner)).toHaveLength(3);
  });

  it("shows another reader none of the owner's bookmarks, and answers 404 to their delete", async () => {
    expect(await listOf(otherReader)).toEqual([]);
    const [bookmark] = await listOf(owner);
    if (!bookmark) throw new Error('the owner has no bookmark');
    const looked = await as(otherReader, 'GET', `/api/bookmarks/${bookmark.arxivId}`);
    expect(looked.statusCode).toBe(404);
    const deleted = await as(otherReader, 'DELETE', `/api/bookmarks/${bookmark.id}`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual(errorAnswer('not_found', 'Bookmark not found'));
    expect((await listOf(owner)).map((kept) => kept.id)).toContain(bookmark.id);

    // The same paper is theirs to bookmark too, as a bookmark of their own.
    const theirs = await as(otherReader, 'POST', `/api/bookmarks/${bookmark.arxivId}`);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(bookmark.id);
    expect((await listOf(otherReader)).map((own) => own.arxivId)).toEqual([bookmark.arxivId]);
  });

  it('refuses a bookmark or a removal sent from another site, changing nothing', async () => {
    const foreign = { origin: 'https://evil.example' };
    const [bookmark] = await listOf(owner);
    if (!bookmark) throw new Error('the owner has no bookmark');
    const created = await as(owner, 'POST', `/api/bookmarks/${paper(3).arxivId}`, foreign);
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toBe('forbidden_origin');
    const removed = await as(owner, 'DELETE', `/api/bookmarks/${bookmark.id}`, foreign);
    expect(removed.statusCode).toBe(403);
    expect((await as(owner, 'GET', `/api/bookmarks/${paper(3).arxivId}`)).statusCode).toBe(404);
    expect((await listOf(owner)).map((kept) => kept.id)).toContain(bookmark.id);
  });

  it('removes the owner’s bookmark, answering it; a second removal is 404', async () => {
    const [bookmark, ...rest] = await listOf(owner);
    if (!bookmark) throw new Error('the owner has no bookmark');
    const removed = await as(owner, 'DELETE', `/api/bookmarks/${bookmark.id}`, { origin: 'http://localhost:3000' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual(bookmark);
    expect(await listOf(owner)).toEqual(rest);
    expect((await as(owner, 'GET', `/api/bookmarks/${bookmark.arxivId}`)).statusCode).toBe(404);
    expect((await as(owner, 'DELETE', `/api/bookmarks/${bookmark.id}`)).statusCode).toBe(404);
  });

  it('keeps bookmark state out of the shared paper answers', async () => {
    const asVisitor = await as(null, 'GET', `/api/papers/${paper(0).arxivId}`);
    const asOwner = await as(owner, 'GET', `/api/papers/${paper(0).arxivId}`);
    expect(asOwner.body).toBe(asVisitor.body);
    expect(asOwner.body).not.toMatch(/bookmark/i);
    const listed = await as(owner, 'GET', '/api/papers?limit=10');
    expect(listed.body).toBe((await as(null, 'GET', '/api/papers?limit=10')).body);
  });
});
