import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKMARKS_PAGE_SIZE,
  type Bookmark,
  type BookmarkedPapersPage,
  bookmarkedPapersPageSchema,
  bookmarkListSchema,
  bookmarkSchema,
} from '../../../common/bookmarks.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { type PaperCard, paperListSchema } from '../../../common/papers.js';
import { signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { useSmtpServer } from '../../test/smtp.js';
import { seedPapers } from '../ingest/seed.js';

const PAPER_COUNT = BOOKMARKS_PAGE_SIZE + 4;

describe.each(testDatabaseKinds)('paged bookmarks with their papers on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  let papers: PaperCard[];
  let readers = 0;

  beforeAll(async () => {
    await seedPapers(target.handle, PAPER_COUNT);
    papers = paperListSchema.parse((await target.app.inject(`/api/papers?limit=${PAPER_COUNT}`)).json()).papers;
  });

  const newReader = () => signUpVerified(target.app, smtp, `shelf${++readers}@example.org`);
  const get = (cookie: string | null, url: string) =>
    target.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  async function bookmark(cookie: string, paper: PaperCard): Promise<Bookmark> {
    const response = await target.app.inject({
      method: 'POST',
      url: `/api/bookmarks/${paper.arxivId}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return bookmarkSchema.parse(response.json());
  }
  async function pageOf(cookie: string, query = ''): Promise<BookmarkedPapersPage> {
    const response = await get(cookie, `/api/bookmarks/papers${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return bookmarkedPapersPageSchema.parse(response.json());
  }
  const listOf = async (cookie: string) => bookmarkListSchema.parse((await get(cookie, '/api/bookmarks')).json());

  it('answers 401 to visitors, before looking at the query', async () => {
    for (const url of ['/api/bookmarks/papers', '/api/bookmarks/papers?limit=0', '/api/bookmarks/papers?cursor=x']) {
      const response = await get(null, url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual(errorAnswer('unauthenticated', 'Please sign in first.'));
    }
  });

  it('answers the first page of a reader’s bookmarks in one request: newest first, each with its paper and categories', async () => {
    const reader = await newReader();
    for (const paper of papers) await bookmark(reader, paper);
    const list = await listOf(reader);

    const first = await pageOf(reader);
    expect(first.items).toHaveLength(BOOKMARKS_PAGE_SIZE);
    expect(first.items.map((item) => item.bookmark)).toEqual(list.slice(0, BOOKMARKS_PAGE_SIZE));
    const cardOf = new Map(papers.map((paper) => [paper.id, paper]));
    for (const { bookmark: saved, paper } of first.items) expect(paper).toEqual(cardOf.get(saved.paperId));
    expect(first.items.some(({ paper }) => paper.categories.length > 0)).toBe(true);

    const rest = await pageOf(reader, `?cursor=${first.nextCursor}`);
    expect(rest.items.map((item) => item.bookmark)).toEqual(list.slice(BOOKMARKS_PAGE_SIZE));
    expect(rest.nextCursor).toBeNull();
  });

  it('never answers another reader’s bookmarks, whatever cursor is sent', async () => {
    const owner = await newReader();
    const other = await newReader();
    for (const paper of papers.slice(0, 3)) await bookmark(owner, paper);
    const theirs = await bookmark(other, papers[5] as PaperCard);

    const ownersFirst = await pageOf(owner, '?limit=2');
    expect(ownersFirst.items.map((item) => item.bookmark.paperId)).not.toContain(theirs.paperId);
    const withOwnersCursor = await pageOf(other, `?cursor=${ownersFirst.nextCursor}`);
    expect(withOwnersCursor.items.map((item) => item.bookmark)).toEqual([]);
    expect((await pageOf(other)).items.map((item) => item.bookmark)).toEqual([theirs]);
  });

  it('keeps the next page where it was when bookmarks are added or the last one shown is removed', async () => {
    const reader = await newReader();
    for (const paper of papers.slice(0, 5)) await bookmark(reader, paper);
    const before = await listOf(reader);
    const first = await pageOf(reader, '?limit=2');
    expect(first.items.map((item) => item.bookmark)).toEqual(before.slice(0, 2));

    await bookmark(reader, papers[10] as PaperCard);
    const lastShown = first.items.at(-1)?.bookmark.id;
    expect(
      (await target.app.inject({ method: 'DELETE', url: `/api/bookmarks/${lastShown}`, headers: { cookie: reader } }))
        .statusCode,
    ).toBe(200);

    const second = await pageOf(reader, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.bookmark)).toEqual(before.slice(2, 4));
    const third = await pageOf(reader, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((item) => item.bookmark)).toEqual(before.slice(4));
    expect(third.nextCursor).toBeNull();
  });

  it('answers an empty page to a reader without bookmarks', async () => {
    expect(await pageOf(await newReader())).toEqual({ items: [], nextCursor: null });
  });

  it.each([
    ['a cursor the API never gave', '?cursor=2026-01-01'],
    ['a cursor in the year 10000', '?cursor=253402300800000_1'],
    ['a cursor past any date', '?cursor=999999999999999_1'],
    ['a limit of 0', '?limit=0'],
    ['a limit over 100', '?limit=101'],
    ['a limit that is not a number', '?limit=ten'],
  ])('refuses %s with 400 in the error shape', async (_, query) => {
    const response = await get(await newReader(), `/api/bookmarks/papers${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error).toBe('invalid_request');
  });
});
