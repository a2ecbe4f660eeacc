import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../common/comment-rules.js';
import { uploadAnswerSchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { TEST_IMAGES } from '../../test/images.js';
import { useSmtpServer } from '../../test/smtp.js';
import { UPLOAD_LIMITS } from './service.js';

interface FilePart {
  field?: string;
  bytes: Buffer;
  fileName?: string;
  type?: string;
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
async function multipartBody({
  field = 'image',
  bytes,
  fileName = 'image',
  type = 'application/octet-stream',
}: FilePart) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A PNG of exactly `size` bytes: a valid image followed by padding. */
const pngOfSize = (size: number) =>
  Buffer.concat([TEST_IMAGES.png.bytes, Buffer.alloc(size - TEST_IMAGES.png.bytes.length)]);

/** A GIF whose comment extension, within the first kilobyte, carries a script. */
function gifWithScriptComment(): Buffer {
  const gif = TEST_IMAGES.gif.bytes;
  const script = Buffer.from('<script>alert(1)</script>');
  // After the 13-byte screen descriptor and its 6-byte colour table: a comment extension block.
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, script.length]), script, Buffer.from([0])]);
  return Buffer.concat([gif.subarray(0, 19), comment, gif.subarray(19)]);
}

const REFUSED: [string, FilePart | null, number][] = [
  ['an image of 5 MB and one byte', { bytes: pngOfSize(MAX_UPLOAD_BYTES + 1), type: 'image/png' }, 413],
  [
    'HTML named .png and declared image/png',
    { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), fileName: 'x.png', type: 'image/png' },
    415,
  ],
  [
    'a GIF header followed by a script',
    { bytes: Buffer.from('GIF89a<script>alert(1)</script>'), type: 'image/gif' },
    415,
  ],
  ['a valid GIF carrying a script', { bytes: gifWithScriptComment(), type: 'image/gif' }, 415],
  [
    'a PNG signature followed by HTML',
    {
      bytes: Buffer.concat([TEST_IMAGES.png.bytes.subarray(0, 33), Buffer.from('<html><script>alert(1)</script>')]),
      type: 'image/png',
    },
    415,
  ],
  [
    'a WebP with content appended',
    { bytes: Buffer.concat([TEST_IMAGES.webp.bytes, Buffer.from('<script>')]), type: 'image/webp' },
    415,
  ],
  [
    'an SVG',
    {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      fileName: 'x.svg',
      type: 'image/svg+xml',
    },
    415,
  ],
  ['an empty file', { bytes: Buffer.alloc(0), fileName: 'x.png', type: 'image/png' }, 400],
  ['a file in another field', { field: 'file', bytes: TEST_IMAGES.png.bytes }, 400],
  ['no multipart body', null, 415],
];

describe.each(testDatabaseKinds)('uploads on $name', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-uploads-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url, DATA_DIR: dataDir }));
  let readers = 0;
  let reader: string;

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    reader = await signUpVerified(target.app, smtp, `reader${++readers}@example.org`);
  });

  async function upload(cookie: string | null, part: FilePart | null) {
    const body = part ? await multipartBody(part) : { payload: { image: 'x' }, headers: {} };
    return target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  }
  const storedFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
  const uploadRows = async () =>
    Number(
      (
        await target.handle.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(Object.entries(TEST_IMAGES))(
    'stores a %s under a random name and serves it back byte for byte, with its type, nosniff and an hour of cache',
    async (_, { mimeType, bytes }) => {
      const response = await upload(reader, { bytes, fileName: 'holiday.bin', type: 'text/plain' });
      expect(response.statusCode, response.body).toBe(201);
      const { url } = uploadAnswerSchema.parse(response.json());
      const extension = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }[mimeType];
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${extension}$`));

      const served = await target.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': mimeType,
        'content-length': String(bytes.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=3600',
        'content-security-policy': "default-src 'none'",
        'content-disposition': 'inline',
      });
    },
  );

  it('judges a mislabelled image by its bytes: a PNG sent as a GIF is stored and served as a PNG', async () => {
    const response = await upload(reader, { bytes: TEST_IMAGES.png.bytes, fileName: 'x.gif', type: 'image/gif' });
    const { url } = uploadAnswerSchema.parse(response.json());
    expect(url).toMatch(/\.png$/);
    expect((await target.app.inject({ method: 'GET', url })).headers['content-type']).toBe('image/png');
  });

  it('accepts an image of exactly 5 MB', async () => {
    const response = await upload(reader, { bytes: pngOfSize(MAX_UPLOAD_BYTES), type: 'image/png' });
    expect(response.statusCode).toBe(201);
  });

  it.each(REFUSED)('refuses %s with its status and the error shape, storing nothing', async (_, part, status) => {
    const files = storedFiles();
    const rows = await uploadRows();
    const response = await upload(reader, part);
    expect(response.statusCode, response.body).toBe(status);
    apiErrorSchema.parse(response.json());
    expect(storedFiles()).toEqual(files);
    expect(await uploadRows()).toBe(rows);
  });

  const cutShort = `--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n`;
  it.each([
    ['without a boundary', 'multipart/form-data', `${cutShort}x\r\n--b--\r\n`],
    ['with a boundary longer than 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, cutShort],
    [
      'that ends inside the image',
      'multipart/form-data; boundary=b',
      `${cutShort}${TEST_IMAGES.png.bytes.toString('latin1')}`,
    ],
    ['that ends after its first boundary', 'multipart/form-data; boundary=b', '--b\r\n'],
  ])('refuses a multipart body %s with 400 in the error shape, storing nothing', async (_, type, payload) => {
    // Its own reader: every attempt counts against the reader's hourly uploads.
    const sender = await signUpVerified(target.app, smtp, `reader${++readers}@example.org`);
    const files = storedFiles();
    const rows = await uploadRows();
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { cookie: sender, 'content-type': type },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      error: 'invalid_request',
      fields: { image: ['is malformed'] },
    });
    expect(storedFiles()).toEqual(files);
    expect(await uploadRows()).toBe(rows);
  });

  it('refuses a visitor with 401 before reading the image, storing nothing', async () => {
    const files = storedFiles();
    const response = await upload(null, { bytes: TEST_IMAGES.png.bytes, type: 'image/png' });
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error).toBe('unauthenticated');
    expect(storedFiles()).toEqual(files);
  });

  it('limits uploads per reader: 429 with Retry-After, storing nothing', async () => {
    const busy = await signUpVerified(target.app, smtp, `reader${++readers}@example.org`);
    for (let i = 0; i < UPLOAD_LIMITS.perUser.max; i++) {
      expect((await upload(busy, { bytes: TEST_IMAGES.gif.bytes })).statusCode).toBe(201);
    }
    const files = storedFiles();
    const refused = await upload(busy, { bytes: TEST_IMAGES.gif.bytes });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(storedFiles()).toEqual(files);
  });

  it.each([
    '/uploads/..%2Fsite.db',
    '/uploads/..%2F..%2Fetc%2Fpasswd',
    '/uploads/%2e%2e%2fsite.db',
    '/uploads/site.db',
    '/uploads/0123456789abcdef0123456789abcdef.png',
    '/uploads/0123456789ABCDEF0123456789ABCDEF.png',
    '/uploads/0123456789abcdef0123456789abcdef.svg',
  ])('answers 404 for %s, a name the server never gave', async (url) => {
    const response = await target.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/^image\//);
  });

  it('never serves a file being written, under its temporary name', async () => {
    const { url } = uploadAnswerSchema.parse((await upload(reader, { bytes: TEST_IMAGES.png.bytes })).json());
    const name = url.split('/').at(-1);
    expect((await target.app.inject({ method: 'GET', url: `/uploads/.${name}.part` })).statusCode).toBe(404);
    expect(storedFiles().filter((file) => file.startsWith('.'))).toEqual([]);
  });
});
