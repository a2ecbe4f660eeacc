import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_SIZE } from '../../../common/comment-rules.js';
import { type CommentPage, commentListSchema, commentPageSchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { useSmtpServer } from '../../test/smtp.js';
import { seedPapers } from '../ingest/seed.js';

const MINUTE = 60 * 1000;
const START = Date.parse('2026-01-05T10:00:00.000Z');

describe.each(testDatabaseKinds)('paged comments on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  let paperIds: number[];
  let readerId: number;
  let reader: string;

  beforeAll(async () => {
    await seedPapers(target.handle, 4);
    paperIds = (await target.handle.db.selectFrom('papers').select('id').orderBy('id').execute()).map(({ id }) => id);
    reader = await signUpVerified(target.app, smtp, 'pager@example.org');
    readerId = (
      await target.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'pager@example.org')
        .executeTakeFirstOrThrow()
    ).id;
  });

  const paper = (index: number) => paperIds[index] ?? 0;
  /** Stores comments on a paper at the given times (minutes after START): their ids, in the order given. */
  async function storeAt(paperId: number, minutes: number[]): Promise<number[]> {
    const rows = await target.handle.db
      .insertInto('comments')
      .values(
        minutes.map((minute) => ({
          paper_id: paperId,
          user_id: readerId,
          text: `<p>At ${minute}</p>`,
          created_at: new Date(START + minute * MINUTE).toISOString(),
        })),
      )
      .returning('id')
      .execute();
    return rows.map(({ id }) => id);
  }
  const get = (url: string) => target.app.inject({ method: 'GET', url });
  async function pageAt(url: string): Promise<CommentPage> {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return commentPageSchema.parse(response.json());
  }
  /** Every page from the first, following each nextCursor: the ids of each page. */
  async function allPages(paperId: number, query: string): Promise<number[][]> {
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const page: CommentPage = await pageAt(
        `/api/comments/${paperId}/page?${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      pages.push(page.comments.map(({ id }) => id));
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  }

  it('pages newest first, as the full list orders them, with the paper’s comment count on every page', async () => {
    const ids = await storeAt(paper(0), [1, 2, 3, 4, 5, 6, 7]);
    const newestFirst = [...ids].reverse();
    expect(await allPages(paper(0), 'limit=3')).toEqual([
      newestFirst.slice(0, 3),
      newestFirst.slice(3, 6),
      newestFirst.slice(6),
    ]);
    const first = await pageAt(`/api/comments/${paper(0)}/page`);
    expect(first.comments).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(first.total).toBe(7);
    const list = commentListSchema.parse((await get(`/api/comments/${paper(0)}`)).json());
    expect(first.comments).toEqual(list.slice(0, COMMENTS_PAGE_SIZE));
  });

  it('pages oldest first with order=oldest', async () => {
    const ids = await storeAt(paper(1), [5, 1, 3, 2, 4]);
    const oldestFirst = [ids[1], ids[3], ids[2], ids[4], ids[0]];
    expect(await allPages(paper(1), 'order=oldest&limit=2')).toEqual([
      oldestFirst.slice(0, 2),
      oldestFirst.slice(2, 4),
      oldestFirst.slice(4),
    ]);
  });

  it('breaks ties in time by id, so comments written in the same instant are neither skipped nor repeated', async () => {
    const ids = await storeAt(paper(2), [0, 0, 0, 0, 0]);
    expect((await allPages(paper(2), 'limit=2')).flat()).toEqual([...ids].reverse());
    expect((await allPages(paper(2), 'order=oldest&limit=2')).flat()).toEqual(ids);
  });

  it('keeps the next page where it was when comments are written or the last one shown is deleted', async () => {
    const ids = await storeAt(paper(3), [1, 2, 3, 4, 5, 6]);
    const first = await pageAt(`/api/comments/${paper(3)}/page?limit=3`);
    expect(first.comments.map(({ id }) => id)).toEqual([ids[5], ids[4], ids[3]]);

    for (const text of ['<p>Newer</p>', '<p>Newest</p>']) {
      const posted = await target.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { cookie: reader },
        payload: { paperId: paper(3), text },
      });
      expect(posted.statusCode).toBe(201);
    }
    await target.handle.db
      .deleteFrom('comments')
      .where('id', '=', ids[3] ?? 0)
      .execute();
    const second = await pageAt(`/api/comments/${paper(3)}/page?limit=3&cursor=${first.nextCursor}`);
    expect(second.comments.map(({ id }) => id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(second.total).toBe(7);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['a cursor the API never gave', 'cursor=abc'],
    ['an empty cursor', 'cursor='],
    ['a cursor past the largest id', 'cursor=1767607200000_2147483648'],
    ['a cursor in the year 10000', 'cursor=253402300800000_1'],
    ['a cursor past any date', 'cursor=999999999999999_1'],
    ['a limit of 0', 'limit=0'],
    ['a limit over 100', 'limit=101'],
    ['an unknown order', 'order=random'],
  ])('refuses %s with 400 in the error shape', async (_, query) => {
    const response = await get(`/api/comments/${paper(0)}/page?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error).toBe('invalid_request');
  });

  it('answers 404 for an unknown paper and 400 for a malformed paper id', async () => {
    const unknown = await get('/api/comments/999999/page');
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).error).toBe('not_found');
    expect((await get('/api/comments/abc/page')).statusCode).toBe(400);
  });
});
