import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Comment, commentPageSchema, commentSchema, uploadAnswerSchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { TEST_IMAGES } from '../../test/images.js';
import { addPaper } from '../../test/papers.js';
import { multipartPayload } from '../../test/route-fixtures.js';
import { COMMENT_LIMITS, COMMENT_MESSAGES, COMMENT_REMOVED_ERROR } from './service.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(testDatabaseKinds)('editing comments on $name', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-comment-edits-'));
  const target = useTestApp(kind, () => ({ DATA_DIR: dataDir }));
  let paperId: number;
  let author: string;
  let other: string;
  let admin: string;
  let writers = 0;
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const edit = (cookie: string | null, id: number, text: string) =>
    as(cookie, 'PATCH', `/api/comments/${id}`, { text });

  async function write(cookie: string, text: string): Promise<Comment> {
    const response = await as(cookie, 'POST', '/api/comments', { paperId, text });
    expect(response.statusCode, response.body).toBe(201);
    return commentSchema.parse(response.json());
  }
  async function uploaded(cookie: string): Promise<string> {
    const body = multipartPayload([
      { field: 'image', fileName: 'a.png', type: 'image/png', content: TEST_IMAGES.png.bytes },
    ]);
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return uploadAnswerSchema.parse(response.json()).url;
  }
  const onDisk = (url: string) => existsSync(path.join(dataDir, 'uploads', url.split('/').at(-1) ?? ''));
  const oldestFirst = async () =>
    commentPageSchema.parse((await as(null, 'GET', `/api/comments/${paperId}/page?order=oldest`)).json()).comments;
  /** A reader of their own, so that one test's writes do not spend another's rate limit. */
  const newWriter = () => signedInAs(target, 'user', `writer${++writers}@example.org`);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-01' });
    paperId = (await target.handle.db.selectFrom('papers').select('id').executeTakeFirstOrThrow()).id;
    author = await signedInAs(target, 'user', 'author@example.org');
    other = await signedInAs(target, 'user', 'other@example.org');
    admin = await signedInAs(target, 'admin', 'moderator@example.org');
  });

  it("lets the author edit a comment's text, sanitised, marked edited, in its place in the thread", async () => {
    const first = await write(author, '<p>Frist!</p>');
    const second = await write(other, '<p>Second.</p>');
    expect(first.editedAt).toBeUndefined();

    const response = await edit(author, first.id, '<p>First<script>alert(1)</script>, <em>edited</em>.</p>');
    expect(response.statusCode, response.body).toBe(200);
    const edited = commentSchema.parse(response.json());
    expect(edited).toMatchObject({ id: first.id, text: '<p>First, <em>edited</em>.</p>', createdAt: first.createdAt });
    expect(Date.parse(edited.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(first.createdAt));

    const thread = await oldestFirst();
    expect(thread.map((comment) => [comment.id, comment.text])).toEqual([
      [first.id, '<p>First, <em>edited</em>.</p>'],
      [second.id, '<p>Second.</p>'],
    ]);
    expect(thread[0]?.editedAt).toBe(edited.editedAt);
    expect(thread[1]?.editedAt).toBeUndefined();
  });

  it("refuses another reader's edit and an administrator's with 403, and a visitor's with 401, changing nothing", async () => {
    const comment = await write(author, '<p>Mine.</p>');
    for (const [cookie, status] of [
      [other, 403],
      [admin, 403],
      [null, 401],
    ] as const) {
      const response = await edit(cookie, comment.id, '<p>Not yours.</p>');
      expect(response.statusCode).toBe(status);
    }
    expect(apiErrorSchema.parse((await edit(other, comment.id, '<p>Not yours.</p>')).json()).message).toBe(
      COMMENT_MESSAGES.notAuthorEdit,
    );
    expect((await as(null, 'GET', `/api/comments/comment/${comment.id}`)).json()).toMatchObject({
      text: '<p>Mine.</p>',
    });
    expect((await edit(author, 999_999, '<p>Nothing here.</p>')).statusCode).toBe(404);
  });

  it('refuses an edit that leaves nothing to show, and one of a comment a moderator removed', async () => {
    const writer = await newWriter();
    const comment = await write(writer, '<p>Keep me.</p>');
    for (const text of ['', '<p> </p>', '<script>alert(1)</script>']) {
      const response = await edit(writer, comment.id, text);
      expect(response.statusCode, text).toBe(400);
      expect(apiErrorSchema.parse(response.json()).message).toBe(COMMENT_MESSAGES.empty);
    }

    const removed = await as(admin, 'DELETE', `/api/admin/comments/${comment.id}`, { reason: 'Spam' });
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await edit(writer, comment.id, '<p>Let me fix it.</p>');
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({
      error: COMMENT_REMOVED_ERROR,
      message: COMMENT_MESSAGES.removedEdit,
    });
    const own = commentSchema.parse((await as(writer, 'GET', `/api/comments/comment/${comment.id}`)).json());
    expect(own).toMatchObject({ text: '<p>Keep me.</p>', removal: { reason: 'Spam' } });
    expect(own.editedAt).toBeUndefined();
  });

  it('releases an image the edit drops, as deleting the comment would, and keeps one it adds', async () => {
    const writer = await newWriter();
    const dropped = await uploaded(writer);
    const added = await uploaded(writer);
    const comment = await write(writer, `<p>Before<img src="${dropped}"></p>`);

    const response = await edit(writer, comment.id, `<p>After<img src="${added}"></p>`);
    expect(response.statusCode, response.body).toBe(200);
    expect(commentSchema.parse(response.json()).text).toContain(added);
    expect((await as(null, 'GET', dropped)).statusCode).toBe(404);
    expect(onDisk(dropped)).toBe(false);
    expect((await as(null, 'GET', added)).statusCode).toBe(200);
    // The added image is shown by a comment now: a day's sweep of unused images leaves it.
    await target.services.uploads.sweep(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect((await as(null, 'GET', added)).statusCode).toBe(200);
  });

  it('counts edits with new comments against the same per-account limit', async () => {
    const writer = await newWriter();
    const comment = await write(writer, '<p>One.</p>');
    for (let n = 1; n < COMMENT_LIMITS.writesPerUser.max; n++) {
      expect((await edit(writer, comment.id, `<p>Edit ${n}.</p>`)).statusCode).toBe(200);
    }
    expect((await edit(writer, comment.id, '<p>One too many.</p>')).statusCode).toBe(429);
    expect((await as(writer, 'POST', '/api/comments', { paperId, text: '<p>Two.</p>' })).statusCode).toBe(429);
  });
});
