import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOREIGN_IMAGE_ERROR,
  MAX_STORED_UPLOAD_BYTES,
  MAX_UPLOAD_BYTES,
  UPLOAD_QUOTA_ERROR,
} from '../../../common/comment-rules.js';
import { commentSchema, uploadAnswerSchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { TEST_IMAGES } from '../../test/images.js';
import { multipartPayload } from '../../test/route-fixtures.js';
import { useSmtpServer } from '../../test/smtp.js';
import { COMMENT_MESSAGES } from '../comments/service.js';
import { seedPapers } from '../ingest/seed.js';
import { UNUSED_UPLOAD_LIFETIME_MS, UPLOAD_MESSAGES } from './service.js';
import { startUploadSweep } from './sweep-schedule.js';

const MINUTE = 60 * 1000;
/** A moment at which every image uploaded so far is older than the day an unused image is kept. */
const aDayLater = () => new Date(Date.now() + UNUSED_UPLOAD_LIFETIME_MS + MINUTE);

describe.each(testDatabaseKinds)('the life of uploaded images on $name', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-upload-life-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url, DATA_DIR: dataDir }));
  let paperId: number;
  let otherPaperId: number;
  let readers = 0;

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    await seedPapers(target.handle, 2);
    [paperId = 0, otherPaperId = 0] = (
      await target.handle.db.selectFrom('papers').select('id').orderBy('id').execute()
    ).map((paper) => paper.id);
  });

  const newReader = () => signUpVerified(target.app, smtp, `life${++readers}@example.org`);

  async function upload(cookie: string, bytes: Buffer = TEST_IMAGES.png.bytes) {
    const body = multipartPayload([{ field: 'image', fileName: 'a.png', type: 'image/png', content: bytes }]);
    return target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  }
  async function uploaded(cookie: string): Promise<string> {
    const response = await upload(cookie);
    expect(response.statusCode, response.body).toBe(201);
    return uploadAnswerSchema.parse(response.json()).url;
  }
  async function comment(cookie: string, url: string, onPaper = paperId) {
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { cookie },
      payload: { paperId: onPaper, text: `<p>See<img src="${url}"></p>` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return commentSchema.parse(response.json());
  }
  async function deleteComment(cookie: string, id: number) {
    const response = await target.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
  }
  const served = async (url: string) => (await target.app.inject({ method: 'GET', url })).statusCode;
  const onDisk = (url: string) => existsSync(path.join(uploadsDir, url.split('/').at(-1) ?? ''));
  const sweep = (now: Date) => target.services.uploads.sweep(now);

  it('removes the image of a deleted comment at once: 404, no row, no file', async () => {
    const reader = await newReader();
    const url = await uploaded(reader);
    const { id } = await comment(reader, url);
    expect(await served(url)).toBe(200);

    await deleteComment(reader, id);
    expect(await served(url)).toBe(404);
    expect(onDisk(url)).toBe(false);
    const rows = await target.handle.db
      .selectFrom('uploads')
      .select('id')
      .where('file_name', '=', url.split('/').at(-1) ?? '')
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps the image of a deleted comment while another comment shows it', async () => {
    const reader = await newReader();
    const url = await uploaded(reader);
    const first = await comment(reader, url);
    await comment(reader, url);
    await deleteComment(reader, first.id);
    expect(await served(url)).toBe(200);
    await sweep(aDayLater());
    expect(await served(url)).toBe(200);
  });

  it("refuses a comment showing another account's image, so that deleting the owner's comment frees it at once", async () => {
    const owner = await newReader();
    const borrower = await newReader();
    const url = await uploaded(owner);
    const { id } = await comment(owner, url);
    const commentsBefore = await target.handle.db.selectFrom('comments').select('id').execute();

    const borrowed = await target.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { cookie: borrower },
      payload: { paperId, text: `<p>Mine now<img src="${url}"></p>` },
    });
    expect(borrowed.statusCode, borrowed.body).toBe(403);
    expect(borrowed.json()).toEqual(errorAnswer(FOREIGN_IMAGE_ERROR, COMMENT_MESSAGES.foreignImage));
    expect(await target.handle.db.selectFrom('comments').select('id').execute()).toEqual(commentsBefore);

    await deleteComment(owner, id);
    expect(await served(url)).toBe(404);
    expect(onDisk(url)).toBe(false);
  });

  it('sweeps an image no comment shows once it is a day old, and keeps the images comments show', async () => {
    const reader = await newReader();
    const unused = await uploaded(reader);
    const shown = await uploaded(reader);
    await comment(reader, shown);

    const early = await sweep(new Date(Date.now() + UNUSED_UPLOAD_LIFETIME_MS - MINUTE));
    expect(early.images).toBe(0);
    expect(await served(unused)).toBe(200);

    const counts = await sweep(aDayLater());
    expect(counts.images).toBeGreaterThanOrEqual(1);
    expect(await served(unused)).toBe(404);
    expect(onDisk(unused)).toBe(false);
    expect(await served(shown)).toBe(200);
    expect(onDisk(shown)).toBe(true);
  });

  it('sweeps the images of comments removed with their paper', async () => {
    const reader = await newReader();
    const url = await uploaded(reader);
    await comment(reader, url, otherPaperId);
    await target.handle.db.deleteFrom('papers').where('id', '=', otherPaperId).execute();

    await sweep(aDayLater());
    expect(await served(url)).toBe(404);
  });

  it('removes the temporary files of uploads cut short once they are a day old, and nothing else', async () => {
    mkdirSync(uploadsDir, { recursive: true });
    const leftover = path.join(uploadsDir, '.0123456789abcdef0123456789abcdef.png.part');
    const other = path.join(uploadsDir, 'notes.part');
    writeFileSync(leftover, 'half an image');
    writeFileSync(other, 'not ours');

    expect((await sweep(new Date())).partFiles).toBe(0);
    expect(existsSync(leftover)).toBe(true);
    expect((await sweep(aDayLater())).partFiles).toBe(1);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(other)).toBe(true);
  });

  it(`refuses an upload past ${MAX_STORED_UPLOAD_BYTES / 1024 / 1024} MB per account with 413 and the reason, storing nothing, until the sweep makes room`, async () => {
    const reader = await newReader();
    const fullSize = Buffer.concat([
      TEST_IMAGES.png.bytes,
      Buffer.alloc(MAX_UPLOAD_BYTES - TEST_IMAGES.png.bytes.length),
    ]);
    const kept = await uploaded(reader);
    await comment(reader, kept);
    for (let stored = TEST_IMAGES.png.bytes.length; stored + MAX_UPLOAD_BYTES <= MAX_STORED_UPLOAD_BYTES; ) {
      expect((await upload(reader, fullSize)).statusCode).toBe(201);
      stored += MAX_UPLOAD_BYTES;
    }
    const rows = await target.handle.db.selectFrom('uploads').select('id').execute();

    const refused = await upload(reader, fullSize);
    expect(refused.statusCode).toBe(413);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({
      error: UPLOAD_QUOTA_ERROR,
      message: UPLOAD_MESSAGES.quotaReached,
    });
    expect(await target.handle.db.selectFrom('uploads').select('id').execute()).toEqual(rows);
    // Another reader is not held back by it.
    expect((await upload(await newReader(), fullSize)).statusCode).toBe(201);

    await sweep(aDayLater());
    expect((await upload(reader, fullSize)).statusCode).toBe(201);
    expect(await served(kept)).toBe(200);
  });

  it('is swept by the worker: at start, then on its schedule', async () => {
    const url = await uploaded(await newReader());
    const runs: number[] = [];
    const schedule = startUploadSweep(target.services, {
      clock: aDayLater,
      onRun: (counts) => runs.push(counts.images),
    });
    await schedule.stop();
    expect(runs[0]).toBeGreaterThanOrEqual(1);
    expect(await served(url)).toBe(404);
  });

  it('lets a cache revalidate an image by its ETag, and answers 404 once the image is removed', async () => {
    const reader = await newReader();
    const url = await uploaded(reader);
    const { id } = await comment(reader, url);
    const first = await target.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = String(first.headers.etag);
    const again = await target.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await deleteComment(reader, id);
    const gone = await target.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(gone.statusCode).toBe(404);
  });
});
