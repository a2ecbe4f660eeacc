import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRESH_EMAIL, type RowSet, type ScanFixtures } from './examples.js';
import type { ScanRoute } from './routes.js';
import { parseSqlmapOutput, requestTarget, type SqlmapRequest, sqlmapRequests } from './sqlmap.js';

/**
 * Console output of real sqlmap 1.7.2 runs with the arguments of sqlmapArgs: against a small server
 * with injectable queries, against this site (clean), and against a closed port.
 */
const sample = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

const rows = (suffix: string): RowSet => ({
  paper: `2401.0000${suffix}`,
  oldStylePaper: `math/950123${suffix}`,
  category: `Category ${suffix}`,
  commentId: Number(`1${suffix}`),
  bookmarkId: Number(`2${suffix}`),
  queued: `1605.0838${suffix}`,
  queuedOldStyle: `hep-ex/040602${suffix}`,
});

const fixtures: ScanFixtures = {
  paperId: 7,
  shared: rows('0'),
  disposable: { reader: rows('1'), admin: rows('2') },
  toScrape: '1111.2011',
  victimId: 99,
  doomedUserId: 98,
  reportedCommentId: 97,
  readerId: 5,
  uploadName: 'abc.gif',
  blogSlug: 'a-post',
  emails: { visitor: 'reader@example.org', reader: 'reader@example.org', admin: 'admin@example.org' },
  password: 'a pass phrase',
};

const site = { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' };

const route = (fields: Partial<ScanRoute> & Pick<ScanRoute, 'method' | 'url'>): ScanRoute => ({
  key: `${fields.method} ${fields.url}`,
  pathParams: [],
  query: [],
  body: { kind: 'none' },
  page: false,
  ...fields,
});

/** The route's one request file: its marks in one place. */
function sqlmapRequest(...args: Parameters<typeof sqlmapRequests>): SqlmapRequest {
  const requests = sqlmapRequests(...args);
  if (requests.length !== 1) throw new Error(`expected one request file, got ${requests.length}`);
  return requests[0] as SqlmapRequest;
}

const bodyOf = (text: string) => text.split('\r\n\r\n')[1] ?? '';
const headerOf = (text: string, name: string) =>
  text
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}: `))
    ?.split(': ')[1];

describe('sqlmap request files', () => {
  it('marks every path and query parameter after its example value, in the order sqlmap numbers them', () => {
    const request = sqlmapRequest(
      route({
        method: 'GET',
        url: '/api/queue/search/:archive/:number',
        pathParams: ['archive', 'number'],
        query: ['page'],
      }),
      'admin',
      fixtures,
      site,
    );
    expect(request.text.split('\r\n')[0]).toBe('GET /api/queue/search/hep-ex*/0406020*?page=1* HTTP/1.1');
    expect(request.points).toEqual([
      { id: 'URI#1', input: 'path archive' },
      { id: 'URI#2', input: 'path number' },
      { id: 'URI#3', input: 'query page' },
    ]);
  });

  it('marks each JSON field inside its quotes, numbers and booleans after them, each array element apart', () => {
    const request = sqlmapRequest(
      route({
        method: 'POST',
        url: '/api/papers',
        body: {
          kind: 'json',
          fields: [
            { name: 'version', type: 'integer' },
            { name: 'title', type: 'string' },
            { name: 'categories', type: 'array' },
            { name: 'processNow', type: 'boolean' },
          ],
        },
      }),
      'reader',
      fixtures,
      site,
    );
    expect(bodyOf(request.text)).toBe(
      '{"version":1*,"title":"A title edited by the scan*","categories":["Category 0*"],"processNow":false*}',
    );
    expect(request.points.map((point) => `${point.id} ${point.input}`)).toEqual([
      'BODY#1 body version',
      'BODY#2 body title',
      'BODY#3 body categories[0]',
      'BODY#4 body processNow',
    ]);
  });

  it('writes one request file per place that holds marks, the other place unmarked', () => {
    const requests = sqlmapRequests(
      route({
        method: 'PUT',
        url: '/api/categories/:name',
        pathParams: ['name'],
        body: { kind: 'json', fields: [{ name: 'nameAr', type: 'string' }] },
      }),
      'admin',
      fixtures,
      site,
    );
    expect(requests.map((request) => [request.place, request.text.split('\r\n')[0], bodyOf(request.text)])).toEqual([
      ['URI', 'PUT /api/categories/Category%200* HTTP/1.1', '{"nameAr":"تصنيف الفحص"}'],
      ['BODY', 'PUT /api/categories/Category%200 HTTP/1.1', '{"nameAr":"تصنيف الفحص*"}'],
    ]);
    expect(requests.map((request) => request.points)).toEqual([
      [{ id: 'URI#1', input: 'path name' }],
      [{ id: 'BODY#1', input: 'body nameAr' }],
    ]);
  });

  it('sends the site’s own Origin with state-changing requests only, and names the scan and its role', () => {
    const put = sqlmapRequest(
      route({ method: 'DELETE', url: '/api/comments/:id', pathParams: ['id'] }),
      'reader',
      fixtures,
      site,
    );
    expect(headerOf(put.text, 'Origin')).toBe('http://127.0.0.1:4000');
    expect(headerOf(put.text, 'X-Scan-Target')).toBe('DELETE /api/comments/:id as reader');
    expect(headerOf(put.text, 'X-Scan-Role')).toBe('reader');
    const get = sqlmapRequest(
      route({ method: 'GET', url: '/api/comments/comment/:id', pathParams: ['id'] }),
      'visitor',
      fixtures,
      site,
    );
    expect(headerOf(get.text, 'Origin')).toBeUndefined();
    expect(headerOf(get.text, 'X-Scan-Role')).toBeUndefined();
  });

  it('names a role’s own rows on deleting routes and the shared rows elsewhere, a visitor’s deletions included', () => {
    const deleting = route({ method: 'DELETE', url: '/api/comments/:id', pathParams: ['id'] });
    const reading = route({ method: 'GET', url: '/api/comments/comment/:id', pathParams: ['id'] });
    expect(requestTarget(deleting, 'admin', fixtures)).toBe('/api/comments/12');
    expect(requestTarget(deleting, 'visitor', fixtures)).toBe('/api/comments/10');
    expect(requestTarget(reading, 'admin', fixtures)).toBe('/api/comments/comment/10');
  });

  it('signs in with the role’s own address, and sends a fresh address (randomized by sqlmap) elsewhere', () => {
    const fields = [{ name: 'email', type: 'string' as const }];
    const login = sqlmapRequest(
      route({ method: 'POST', url: '/api/auth/login', body: { kind: 'json', fields } }),
      'admin',
      fixtures,
      site,
    );
    expect(bodyOf(login.text)).toBe('{"email":"admin@example.org*"}');
    expect(login.randomize).toEqual([]);
    const signup = sqlmapRequest(
      route({ method: 'POST', url: '/api/auth/signup', body: { kind: 'json', fields } }),
      'admin',
      fixtures,
      site,
    );
    expect(bodyOf(signup.text)).toBe(`{"email":"${FRESH_EMAIL}*"}`);
    expect(signup.randomize).toEqual(['email']);
  });

  it('calls an MCP tool with its arguments marked, accepting the streamable HTTP answers', () => {
    const request = sqlmapRequest(
      route({
        method: 'POST',
        url: '/api/mcp',
        body: { kind: 'tool-call', tool: 'get_paper', fields: [{ name: 'arxiv_id_or_url', type: 'string' }] },
      }),
      'visitor',
      fixtures,
      site,
    );
    expect(JSON.parse(bodyOf(request.text).replace('*', ''))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_paper', arguments: { arxiv_id_or_url: '2401.00000' } },
    });
    expect(headerOf(request.text, 'Accept')).toBe('application/json, text/event-stream');
  });

  it('marks the file name of a multipart body, whose image is text-safe', () => {
    const request = sqlmapRequest(
      route({ method: 'POST', url: '/api/upload', body: { kind: 'multipart' } }),
      'reader',
      fixtures,
      site,
    );
    expect(bodyOf(request.text)).toContain('Content-Disposition: form-data; name="image"; filename="scan.gif*"');
    expect(request.points).toEqual([{ id: 'BODY#1', input: 'file name' }]);
    expect(bodyOf(request.text)).toMatch(/^[\x20-\x7e\r\n]*$/);
  });

  it('lists inputs the example tables do not know, and fills them by type', () => {
    const request = sqlmapRequest(
      route({
        method: 'POST',
        url: '/api/new',
        body: { kind: 'json', fields: [{ name: 'brandNew', type: 'integer' }] },
      }),
      'reader',
      fixtures,
      site,
    );
    expect(bodyOf(request.text)).toBe('{"brandNew":1*}');
    expect(request.unknownInputs).toEqual(['field brandNew']);
  });
});

describe('sqlmap output', () => {
  it('reads an injectable path parameter, its techniques and payloads, beside a clean query parameter', () => {
    const outcome = parseSqlmapOutput(sample('sqlmap-injectable-path.txt'), 'URI');
    expect(outcome.status).toBe('injectable');
    if (outcome.status !== 'injectable') return;
    expect(outcome.injections.map((injection) => injection.point)).toEqual(['URI#1']);
    expect(outcome.injections[0]?.techniques).toEqual([
      'boolean-based blind: AND boolean-based blind - WHERE or HAVING clause',
      'time-based blind: SQLite > 2.0 AND time-based blind (heavy query)',
      'UNION query: Generic UNION query (NULL) - 2 columns',
    ]);
    expect(outcome.injections[0]?.payloads[0]).toBe('http://127.0.0.1:47900/items/1 AND 7571=7571?note=plain');
    expect(outcome.tested.sort()).toEqual(['URI#1', 'URI#2']);
  });

  it.each([
    ['an injectable JSON field as a body point, after a clean one', 'sqlmap-injectable-json-body.txt'],
    ['the points of a PUT body, whose place sqlmap names by the method', 'sqlmap-injectable-put-body.txt'],
  ])('reads %s', (_, file) => {
    const outcome = parseSqlmapOutput(sample(file), 'BODY');
    expect(outcome.status).toBe('injectable');
    if (outcome.status !== 'injectable') return;
    expect(outcome.injections.map((injection) => injection.point)).toEqual(['BODY#2']);
    expect(outcome.tested.sort()).toEqual(['BODY#1', 'BODY#2']);
  });

  it('reads a run that found nothing as clean, with a verdict on each point', () => {
    expect(parseSqlmapOutput(sample('sqlmap-clean.txt'), 'URI')).toEqual({
      status: 'clean',
      tested: ['URI#1', 'URI#2', 'URI#3'],
    });
  });

  it('reads a run that could not reach the site as incomplete, with sqlmap’s reason', () => {
    expect(parseSqlmapOutput(sample('sqlmap-connection-refused.txt'), 'URI')).toEqual({
      status: 'incomplete',
      reason: "unable to connect to the target URL ('Connection refused')",
      tested: [],
    });
  });
});
