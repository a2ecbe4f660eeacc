import { beforeAll, describe, expect, it } from 'vitest';
import { type PaperList, paperListSchema } from '../../../common/papers.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(testDatabaseKinds)('the Popular order on $name', (kind) => {
  const target = useTestApp(kind);
  const list = async (query: string): Promise<PaperList> => {
    const response = await target.app.inject({ method: 'GET', url: `/api/papers?sort=popular&${query}` });
    expect(response.statusCode).toBe(200);
    return paperListSchema.parse(response.json());
  };
  const ids = (body: PaperList) => body.papers.map((paper) => paper.arxivId);

  beforeAll(async () => {
    const { db } = target.handle;
    // Papers 2401.00001 to .00010, the later the newer; .00010 alone in Robotics.
    for (let n = 1; n <= 10; n += 1) {
      const arxivId = `2401.${String(n).padStart(5, '0')}`;
      await addPaper(target.handle, { arxiv_id: arxivId, submitted_date: `2024-01-${String(n).padStart(2, '0')}` }, [
        n === 10 ? 'Robotics' : 'Mathematics',
      ]);
    }
    const paperIds = new Map(
      (await db.selectFrom('papers').select(['id', 'arxiv_id']).execute()).map((row) => [row.arxiv_id, row.id]),
    );
    const userIds: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const now = new Date().toISOString();
      const { id } = await db
        .insertInto('users')
        .values({
          email: `r${n}@example.com`,
          name: `Reader ${n}`,
          password_hash: 'x',
          is_verified: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(id);
    }
    const save = (arxivId: string, readers: number, age: number) =>
      db
        .insertInto('bookmarks')
        .values(
          userIds
            .slice(0, readers)
            .map((user_id) => ({ user_id, paper_id: paperIds.get(arxivId) as number, created_at: ago(age) })),
        )
        .execute();
    const comment = (arxivId: string, age: number, removed = false) =>
      db
        .insertInto('comments')
        .values({
          paper_id: paperIds.get(arxivId) as number,
          user_id: userIds[0] as number,
          text: '<p>Worth reading</p>',
          created_at: ago(age),
          removed_at: removed ? ago(age) : null,
        })
        .execute();
    await save('2401.00001', 3, HOUR); // 3 saves today: about 3
    await save('2401.00002', 4, 6 * DAY); // 4 saves 6 days ago: 4 halved twice, 1
    await comment('2401.00005', HOUR); // 2 comments today: about 2 (a removed one and an old save count nothing)
    await comment('2401.00005', HOUR);
    await comment('2401.00005', HOUR, true);
    await save('2401.00005', 1, 8 * DAY);
    const sameMoment = 2 * DAY;
    await save('2401.00003', 1, sameMoment); // .00003 and .00004 tie: the newer first
    await save('2401.00004', 1, sameMoment);
    await save('2401.00006', 5, 8 * DAY); // only saves older than the week: no place earned
    await save('2401.00010', 5, HOUR); // the most popular, in Robotics
  });

  it('ranks 3 saves today above 4 saves 6 days ago (half-life 3 days: about 3 against 1), and the rest by date', async () => {
    const body = await list('page=1&limit=10');
    expect(ids(body)).toEqual([
      '2401.00010',
      '2401.00001',
      '2401.00005',
      '2401.00002',
      '2401.00004',
      '2401.00003',
      '2401.00009',
      '2401.00008',
      '2401.00007',
      '2401.00006',
    ]);
    expect(body.pagination.totalCount).toBe(10);
  });

  it('breaks a tie in score by the paper’s date, newest first', async () => {
    const order = ids(await list('page=1&limit=10'));
    expect(order.indexOf('2401.00004')).toBe(order.indexOf('2401.00003') - 1);
  });

  it('counts only the last 7 days’ saves and comments not removed, and says how many earned the place', async () => {
    const byId = new Map((await list('page=1&limit=10')).papers.map((paper) => [paper.arxivId, paper.thisWeek]));
    expect(byId.get('2401.00001')).toEqual({ saves: 3, comments: 0 });
    expect(byId.get('2401.00005')).toEqual({ saves: 0, comments: 2 });
    expect(byId.get('2401.00006')).toEqual({ saves: 0, comments: 0 });
  });

  it('pages through the same order without a paper twice or missing', async () => {
    const whole = ids(await list('page=1&limit=10'));
    const pages = [];
    for (let page = 1; page <= 4; page += 1) pages.push(...ids(await list(`page=${page}&limit=3`)));
    expect(pages).toEqual(whole);
    expect((await list('page=2&limit=3')).pagination).toMatchObject({ currentPage: 2, totalPages: 4, totalCount: 10 });
  });

  it('stays within a category, with its total', async () => {
    const body = await list('page=1&limit=3&category=Mathematics');
    expect(ids(body)).toEqual(['2401.00001', '2401.00005', '2401.00002']);
    expect(body.pagination.totalCount).toBe(9);
  });

  it('keeps newest first without sort, with no counts', async () => {
    const response = await target.app.inject({ method: 'GET', url: '/api/papers?page=1&limit=2' });
    expect(
      response.json().papers.map((paper: { arxivId: string; thisWeek?: unknown }) => [paper.arxivId, paper.thisWeek]),
    ).toEqual([
      ['2401.00010', undefined],
      ['2401.00009', undefined],
    ]);
  });

  it.each(['hot', 'POPULAR', ''])('refuses sort=%s with a 400 naming the field', async (sort) => {
    const response = await target.app.inject({ method: 'GET', url: `/api/papers?sort=${sort}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      error: 'invalid_request',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(Object.keys(body.fields)).toEqual(['querystring.sort']);
  });
});
