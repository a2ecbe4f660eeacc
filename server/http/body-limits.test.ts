import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_COMMENT_HTML_LENGTH } from '../../common/comment-rules.js';
import { MAX_CATEGORY_NAME_LENGTH, MAX_FOLLOWED_CATEGORIES } from '../../common/digest-rules.js';
import { MAX_REPORT_TEXT_LENGTH } from '../../common/moderation-rules.js';
import { paperDetailSchema } from '../../common/papers.js';
import { makeSummary } from '../../common/testing/summary.js';
import { logIn, nextClientAddress, PASSWORD, requestAs, signedInAs } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { databaseState } from '../test/database-state.js';
import { testDatabaseKinds } from '../test/databases.js';
import { errorAnswer } from '../test/error-answer.js';
import { addPaper } from '../test/papers.js';
import { routeCollector, routeKey } from '../test/routes.js';
import { DEFAULT_BODY_LIMIT, jsonBodyLimit } from './body-limits.js';

const ONE_MB = 1_000_000;
const READER_EMAIL = 'reader@example.org';

/** The routes that read more than the default, and why; every other route reads at most DEFAULT_BODY_LIMIT. */
const OTHER_BODY_LIMITS: Record<string, number> = {
  // Rich-text HTML of up to 20,000 characters.
  'POST /api/comments': jsonBodyLimit(MAX_COMMENT_HTML_LENGTH),
  'PATCH /api/comments/:id': jsonBodyLimit(MAX_COMMENT_HTML_LENGTH),
  // The categories a reader may follow, each name as long as the schema allows.
  'PUT /api/digest-subscription': jsonBodyLimit(MAX_FOLLOWED_CATEGORIES * MAX_CATEGORY_NAME_LENGTH),
  // An admin's edit: abstract and summary JSON.
  'PUT /api/papers/:arxivId': jsonBodyLimit(123_000),
  'PUT /api/papers/:archive/:number': jsonBodyLimit(123_000),
  // One JSON-RPC message of an agent.
  'POST /api/mcp': 64 * 1024,
  // A report: a reason and a short text, less than the default.
  'POST /api/comments/:id/reports': jsonBodyLimit(MAX_REPORT_TEXT_LENGTH),
};

/** A JSON body of about `bytes`, the email address taking the room (as a hostile client sends it). */
const hugeCredentials = (bytes: number) => ({ email: `${'x'.repeat(bytes)}@example.org`, password: PASSWORD });

/**
 * Posts the headers and `sent` of a body, and never the rest: answers what the server says meanwhile.
 * A server that waited for the whole body would never answer.
 */
function postWithoutEnd(url: string, headers: Record<string, string | number>, sent: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.write(sent);
  });
}

describe.each(testDatabaseKinds)('request body limits on $name', (kind) => {
  const collector = routeCollector();
  const target = useTestApp(kind, () => ({}), { onRoute: collector.onRoute });
  let admin: string;
  let reader: string;
  let baseUrl: string;

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    reader = await signedInAs(target, 'user', READER_EMAIL);
    await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-01' });
    baseUrl = await target.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each(['/api/auth/login', '/api/auth/forgot-password', '/api/auth/signup'])(
    'answers a 1 MB body to %s with 413 in the error shape, changing nothing',
    async (url) => {
      const before = await databaseState(target.handle);
      const response = await target.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextClientAddress(),
        payload: { name: 'Hostile', ...hugeCredentials(ONE_MB) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(errorAnswer('payload_too_large', expect.any(String)));
      expect(response.cookies).toEqual([]);
      expect(await databaseState(target.handle)).toEqual(before);
    },
  );

  it('still signs a reader in with an ordinary body', async () => {
    const response = await logIn(target.app, READER_EMAIL);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.map((cookie) => cookie.name)).toContain('sid');
  });

  it('answers 413 from the Content-Length alone, before the body arrives', async () => {
    const answer = await postWithoutEnd(
      `${baseUrl}/api/auth/login`,
      { 'content-type': 'application/json', 'content-length': ONE_MB },
      Buffer.from('{"email": "'),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(errorAnswer('payload_too_large', expect.any(String)));
  });

  it('answers 413 to a body without a length as soon as it passes the limit', async () => {
    const answer = await postWithoutEnd(
      `${baseUrl}/api/auth/forgot-password`,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      Buffer.from(`{"email": "${'x'.repeat(2 * DEFAULT_BODY_LIMIT)}`),
    );
    expect(answer.status).toBe(413);
  });

  it('takes a comment as long as comments may be, in a script of 3 bytes a character', async () => {
    const text = `<p>${'文'.repeat(MAX_COMMENT_HTML_LENGTH - 7)}</p>`;
    expect(Buffer.byteLength(JSON.stringify({ text }))).toBeGreaterThan(3 * DEFAULT_BODY_LIMIT);
    const response = await requestAs(target.app, reader, 'POST', '/api/comments', { paperId: 1, text });
    expect(response.statusCode).toBe(201);
    expect(response.json().text).toBe(text);
  });

  it('takes a paper edit with the longest title, abstract and summary JSON', async () => {
    const summaryRoom = 100_000 - JSON.stringify(makeSummary({ Critique: '' })).length;
    const summary = makeSummary({ Critique: '評'.repeat(summaryRoom) });
    const edit = {
      version: 2,
      title: '題'.repeat(1000),
      pdfUrl: `https://arxiv.org/pdf/2401.00001v2?${'a'.repeat(1900)}`,
      abstract: '文'.repeat(20_000),
      summary: JSON.stringify(summary),
    };
    expect(edit.summary).toHaveLength(100_000);
    const response = await requestAs(target.app, admin, 'PUT', '/api/papers/2401.00001', edit);
    expect(response.statusCode).toBe(200);
    expect(paperDetailSchema.parse(response.json()).summary).toEqual(summary);
  });

  it('reads at most the default on every route but those that need more or less', () => {
    const limits = collector.routes.map((route) => [routeKey(route), route.options.bodyLimit ?? DEFAULT_BODY_LIMIT]);
    expect(target.app.initialConfig.bodyLimit).toBe(DEFAULT_BODY_LIMIT);
    expect(Object.fromEntries(limits.filter(([, limit]) => limit !== DEFAULT_BODY_LIMIT))).toEqual(OTHER_BODY_LIMITS);
  });
});
