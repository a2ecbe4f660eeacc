import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema, commentPageSchema, commentSchema, uploadAnswerSchema } from '../../../common/comments.js';
import { adminCommentListSchema, reportSchema } from '../../../common/moderation.js';
import { PASSWORD, requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { TEST_IMAGES } from '../../test/images.js';
import { expectRefused as expectRefusedOn } from '../../test/refused.js';
import { multipartPayload } from '../../test/route-fixtures.js';
import { seedPapers } from '../ingest/seed.js';
import { MODERATION_MESSAGES, REPORT_LIMITS } from './service.js';

/** Counting refused reports is what the rate limiter is for: its table may change. */

describe.each(testDatabaseKinds)('comment moderation on $name', (kind) => {
  const target = useTestApp(kind);
  let admin: string;
  let author: string;
  let authorId: number;
  let reader: string;
  let other: string;
  let paperIds: number[];
  let accounts = 0;

  const as = (cookie: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const newReader = () => signedInAs(target, 'user', `moderated${++accounts}@example.org`);
  const idOf = async (cookie: string) => (await as(cookie, 'GET', '/api/auth/check')).json().user.id as number;

  async function write(cookie: string, text = '<p>A comment</p>', paperId = paperIds[0]) {
    const response = await as(cookie, 'POST', '/api/comments', { paperId, text });
    expect(response.statusCode, response.body).toBe(201);
    return commentSchema.parse(response.json());
  }
  const report = (cookie: string | null, id: number, payload: object = { reason: 'spam' }) =>
    as(cookie, 'POST', `/api/comments/${id}/reports`, payload);
  const listOf = async (cookie: string | null, paperId = paperIds[0]) =>
    commentListSchema.parse((await as(cookie, 'GET', `/api/comments/${paperId}`)).json());
  const adminList = async (query = '') => {
    const response = await as(admin, 'GET', `/api/admin/comments${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminCommentListSchema.parse(response.json());
  };

  async function upload(cookie: string) {
    const body = multipartPayload([
      { field: 'image', fileName: 'a.png', type: 'image/png', content: TEST_IMAGES.png.bytes },
    ]);
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    return uploadAnswerSchema.parse(response.json()).url;
  }
  const fileOf = (url: string) => path.join(target.services.config.dataDir, 'uploads', url.split('/').at(-1) ?? '');

  const expectRefused = (send: () => Promise<LightMyRequestResponse>, status: number, error: string) =>
    expectRefusedOn(target.handle, send, status, error);

  beforeAll(async () => {
    await seedPapers(target.handle, 2);
    paperIds = (await target.handle.db.selectFrom('papers').select('id').orderBy('id').execute()).map((p) => p.id);
    admin = await signedInAs(target, 'admin', 'moderator@example.org');
    author = await newReader();
    authorId = await idOf(author);
    reader = await newReader();
    other = await newReader();
  });

  it('keeps the administrators’ comment routes from visitors (401) and readers (403), changing nothing', async () => {
    const comment = await write(author);
    await report(reader, comment.id);
    for (const [method, url] of [
      ['GET', '/api/admin/comments'],
      ['GET', '/api/admin/comments?reported=true'],
      ['DELETE', `/api/admin/comments/${comment.id}`],
      ['POST', `/api/admin/comments/${comment.id}/dismiss-reports`],
    ] as const) {
      await expectRefused(() => as(null, method, url), 401, 'unauthenticated');
      for (const cookie of [author, reader]) await expectRefused(() => as(cookie, method, url), 403, 'forbidden');
    }
    await expectRefused(() => as(admin, 'DELETE', '/api/admin/comments/999999'), 404, 'not_found');
    await expectRefused(() => as(admin, 'POST', '/api/admin/comments/999999/dismiss-reports'), 404, 'not_found');
    expect((await listOf(null)).map((c) => c.id)).toContain(comment.id);
  });

  it("takes one report per reader of another's comment, refusing the rest and changing nothing", async () => {
    const comment = await write(author, '<p>Buy followers now</p>');
    const made = await report(reader, comment.id, { reason: 'leaked_data', text: '  It shows an API key.  ' });
    expect(made.statusCode, made.body).toBe(201);
    expect(reportSchema.parse(made.json())).toMatchObject({
      commentId: comment.id,
      reason: 'leaked_data',
      text: 'It shows an API key.',
    });
    expect((await report(other, comment.id, { reason: 'spam' })).statusCode).toBe(201);

    await expectRefused(() => report(null, comment.id), 401, 'unauthenticated');
    await expectRefused(() => report(reader, comment.id, { reason: 'abuse' }), 409, 'already_reported');
    await expectRefused(() => report(author, comment.id), 403, 'own_comment');
    await expectRefused(() => report(reader, 999999), 404, 'not_found');
    await expectRefused(() => report(reader, comment.id, { reason: 'boring' }), 400, 'invalid_request');
    await expectRefused(
      () => report(reader, comment.id, { reason: 'other', text: 'x'.repeat(1001) }),
      400,
      'invalid_request',
    );
    const again = await report(reader, comment.id, { reason: 'abuse' });
    expect(again.json()).toEqual(errorAnswer('already_reported', MODERATION_MESSAGES.alreadyReported));
  });

  it('limits how many comments a reader reports an hour: 429 with Retry-After, and nothing stored', async () => {
    const busy = await newReader();
    // Written straight to the database: comment writing has a limit of its own.
    const comments = await target.handle.db
      .insertInto('comments')
      .values(
        Array.from({ length: REPORT_LIMITS.perUser.max + 1 }, (_, i) => ({
          paper_id: paperIds[0] ?? 0,
          user_id: authorId,
          text: `<p>Spam ${i}</p>`,
          created_at: new Date().toISOString(),
        })),
      )
      .returning('id')
      .execute();
    for (const comment of comments.slice(0, -1)) expect((await report(busy, comment.id)).statusCode).toBe(201);
    const last = comments.at(-1)?.id ?? 0;
    await expectRefused(() => report(busy, last), 429, 'rate_limited');
    expect(Number((await report(busy, last)).headers['retry-after'])).toBeGreaterThan(0);
    expect((await report(reader, last)).statusCode).toBe(201);
  });

  it('lists reported comments first with their open reports, and filters by reports, paper and author', async () => {
    const plain = await write(other, '<p>Nothing wrong here</p>', paperIds[1]);
    const reported = await write(author, '<p>Off topic</p>', paperIds[1]);
    await report(reader, reported.id, { reason: 'off_topic', text: 'Not about the paper' });

    const first = (await adminList(`?paperId=${paperIds[1]}`)).comments;
    expect(first.map((c) => c.id)).toEqual([reported.id, plain.id]);
    expect(first[0]).toMatchObject({
      paperId: paperIds[1],
      authorEmail: 'moderated1@example.org',
      reports: [{ reason: 'off_topic', text: 'Not about the paper', reporter: { email: 'moderated2@example.org' } }],
    });
    expect(first[0]?.paperTitle).toEqual(expect.any(String));
    expect(first[1]?.reports).toEqual([]);

    const onlyReported = await adminList('?reported=true&limit=100');
    expect(onlyReported.comments.every((c) => c.reports.length > 0)).toBe(true);
    expect(onlyReported.comments.map((c) => c.id)).toContain(reported.id);
    expect((await adminList('?reported=false&limit=100')).comments.map((c) => c.id)).toContain(plain.id);
    const byAuthor = await adminList(`?authorId=${authorId}&limit=100`);
    expect(byAuthor.comments.every((c) => c.userId === authorId)).toBe(true);
    const paged = await adminList('?limit=2&page=2');
    expect(paged.pagination).toMatchObject({ page: 2, limit: 2 });
    expect(paged.pagination.totalPages).toBe(Math.ceil(paged.pagination.total / 2));
    for (const query of ['?reported=yes', '?limit=101', '?page=0', '?paperId=x']) {
      expect((await as(admin, 'GET', `/api/admin/comments${query}`)).statusCode, query).toBe(400);
    }
  });

  it('dismisses the open reports of a comment, which then lists without them', async () => {
    const comment = await write(author, '<p>Harmless after all</p>');
    await report(reader, comment.id, { reason: 'abuse' });
    await report(other, comment.id, { reason: 'abuse' });
    const dismissed = await as(admin, 'POST', `/api/admin/comments/${comment.id}/dismiss-reports`);
    expect(dismissed.json()).toEqual({ dismissed: 2, message: '2 reports dismissed' });
    expect((await adminList('?reported=true&limit=100')).comments.map((c) => c.id)).not.toContain(comment.id);
    const listed = (await adminList(`?authorId=${authorId}&limit=100`)).comments.find((c) => c.id === comment.id);
    expect(listed?.reports).toEqual([]);
    expect((await as(admin, 'POST', `/api/admin/comments/${comment.id}/dismiss-reports`)).json()).toMatchObject({
      dismissed: 0,
    });
    // A report made after stays one per reader: the dismissed report still counts.
    expect((await report(reader, comment.id)).statusCode).toBe(409);
  });

  it('removes a comment for everyone but its author, who sees why; counts leave it out, and its images go (410)', async () => {
    const paperId = paperIds[1] ?? 0;
    const [own, shared] = [await upload(author), await upload(author)];
    const removed = await write(author, `<p>Secret<img src="${own}"><img src="${shared}"></p>`, paperId);
    const keeper = await write(author, `<p>Still here<img src="${shared}"></p>`, paperId);
    const count = async (cookie: string | null) =>
      commentPageSchema.parse((await as(cookie, 'GET', `/api/comments/${paperId}/page`)).json()).total;
    const totalBefore = await count(null);

    const answer = await as(admin, 'DELETE', `/api/admin/comments/${removed.id}`, { reason: 'It showed a key' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(commentSchema.parse(answer.json())).toMatchObject({
      id: removed.id,
      removal: { reason: 'It showed a key', removedAt: expect.any(String) },
    });

    for (const cookie of [null, reader, admin]) {
      expect((await listOf(cookie, paperId)).map((c) => c.id)).not.toContain(removed.id);
      expect((await as(cookie, 'GET', `/api/comments/comment/${removed.id}`)).statusCode).toBe(404);
    }
    const seenByAuthor = (await listOf(author, paperId)).find((c) => c.id === removed.id);
    expect(seenByAuthor?.removal).toEqual({ reason: 'It showed a key', removedAt: expect.any(String) });
    expect((await listOf(author, paperId)).find((c) => c.id === keeper.id)?.removal).toBeUndefined();
    expect(await count(null)).toBe(totalBefore - 1);
    expect(await count(author)).toBe(totalBefore - 1);
    expect((await adminList(`?paperId=${paperId}&limit=100`)).comments.map((c) => c.id)).not.toContain(removed.id);

    expect((await as(null, 'GET', own)).statusCode).toBe(410);
    expect(existsSync(fileOf(own))).toBe(false);
    expect((await as(null, 'GET', shared)).statusCode).toBe(200);

    await expectRefused(() => as(admin, 'DELETE', `/api/admin/comments/${removed.id}`), 404, 'not_found');
    await expectRefused(() => report(reader, removed.id), 404, 'not_found');
    // Its author may still delete it for good.
    expect((await as(author, 'DELETE', `/api/comments/${removed.id}`)).statusCode).toBe(200);
    expect((await listOf(author, paperId)).map((c) => c.id)).not.toContain(removed.id);
  });

  it('takes offline at once the images of an author who deleted their account, and those another account uploaded', async () => {
    const leaving = await newReader();
    const [leftBehind, lent] = [await upload(leaving), await upload(author)];
    const orphan = await write(leaving, `<p>Mine<img src="${leftBehind}"></p>`);
    const deleted = await as(leaving, 'DELETE', '/api/account', { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // A comment showing another account's image, as stored before comments were kept to their
    // author's images.
    const { id: borrowing } = await target.handle.db
      .insertInto('comments')
      .values({
        paper_id: paperIds[0] ?? 0,
        user_id: await idOf(reader),
        text: `<p>Borrowed<img src="${lent}"></p>`,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lentId = await target.handle.db
      .selectFrom('uploads')
      .select('id')
      .where('file_name', '=', lent.split('/').at(-1) ?? '')
      .executeTakeFirstOrThrow();
    await target.handle.db
      .insertInto('comment_uploads')
      .values({ comment_id: borrowing, upload_id: lentId.id })
      .execute();

    for (const [id, url] of [
      [orphan.id, leftBehind],
      [borrowing, lent],
    ] as const) {
      expect((await as(null, 'GET', url)).statusCode).toBe(200);
      const removed = await as(admin, 'DELETE', `/api/admin/comments/${id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await as(null, 'GET', url)).statusCode, url).toBe(410);
      expect(existsSync(fileOf(url)), url).toBe(false);
    }
  });

  it('removes without a reason, and refuses a reason past 500 characters', async () => {
    const comment = await write(author);
    await expectRefused(
      () => as(admin, 'DELETE', `/api/admin/comments/${comment.id}`, { reason: 'x'.repeat(501) }),
      400,
      'invalid_request',
    );
    const answer = await as(admin, 'DELETE', `/api/admin/comments/${comment.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().removal).toEqual({ reason: null, removedAt: expect.any(String) });
  });
});
