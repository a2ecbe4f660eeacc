import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../common/errors.js';
import { nextClientAddress } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { databaseState } from '../test/database-state.js';
import { testDatabaseKinds } from '../test/databases.js';
import { createRouteFixtures, type RouteFixtures, routeFixturesArxiv } from '../test/route-fixtures.js';

const NUL_TEXT = 'a\u0000b';
type Role = 'visitor' | 'reader' | 'admin';

/** Requests with NUL in one place each: on PostgreSQL every one of them failed with a 500. */
const REQUESTS: [Role, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined, string][] = [
  ['visitor', 'POST', '/api/auth/login', { email: NUL_TEXT, password: 'a password' }, 'body.email'],
  [
    'visitor',
    'POST',
    '/api/auth/signup',
    { email: 'new@example.org', password: 'a password', name: NUL_TEXT },
    'body.name',
  ],
  ['visitor', 'POST', '/api/auth/forgot-password', { email: NUL_TEXT }, 'body.email'],
  ['visitor', 'POST', '/api/auth/resend-verification', { email: NUL_TEXT }, 'body.email'],
  ['visitor', 'GET', '/api/papers?category=a%00b', undefined, 'querystring.category'],
  ['reader', 'PUT', '/api/digest-subscription', { categories: ['Mathematics', NUL_TEXT] }, 'body.categories.1'],
  ['admin', 'POST', '/api/categories', { name: NUL_TEXT }, 'body.name'],
  ['admin', 'PUT', '/api/categories/a%00b', { nameAr: 'عربي' }, 'params.name'],
  ['admin', 'PUT', '/api/categories/Mathematics', { nameAr: NUL_TEXT }, 'body.nameAr'],
  ['admin', 'DELETE', '/api/categories/a%00b', undefined, 'params.name'],
];

describe.each(testDatabaseKinds)('text holding NUL on $name', (kind) => {
  const target = useTestApp(kind, () => ({}), { arxiv: routeFixturesArxiv().client });
  let fixtures: RouteFixtures;
  beforeAll(async () => {
    fixtures = await createRouteFixtures(target);
  });
  const send = (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const cookie = { visitor: null, reader: fixtures.reader, admin: fixtures.admin }[role];
    return target.app.inject({
      method,
      url,
      payload,
      headers: cookie ? { cookie } : {},
      remoteAddress: nextClientAddress(),
    });
  };

  it.each(REQUESTS)(
    'refuses %s %s %s with a 400 naming the field, changing nothing',
    async (role, method, url, payload, field) => {
      const before = await databaseState(target.handle);
      const response = await send(role, method, url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({
        error: 'invalid_request',
        fields: { [field]: ['contains a NUL character'] },
      });
      expect(await databaseState(target.handle)).toEqual(before);
    },
  );

  // As deep as a comment's body limit allows: far past what a recursive walk of the value survives.
  const DEPTH = 30_000;
  it.each([
    ['a comment', `{"text":"<p>a\\u0000b</p>"}`, 'body.text'],
    ['a key of a field the route ignores', `{"text":"Fine.","userId":{"a\\u0000b":1}}`, 'body.userId'],
    [
      'text nested 30,000 deep',
      `{"text":"Fine.","name":${'['.repeat(DEPTH)}"\\u0000"${']'.repeat(DEPTH)}}`,
      `body.name${'.0'.repeat(DEPTH)}`,
    ],
  ])('finds NUL in %s', async (_, json, field) => {
    const paperId = fixtures.papers[0]?.id;
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/comments',
      payload: `{"paperId":${paperId},${json.slice(1)}`,
      headers: { cookie: fixtures.reader, 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual([field]);
  });

  it('leaves NUL to the routes that handle it themselves: search, and the tools of the MCP endpoint', async () => {
    const search = await send('visitor', 'POST', '/api/papers/semantic', { query: `${NUL_TEXT} agents` });
    expect(search.statusCode, search.body).toBe(200);
    const call = { name: 'recent_papers', arguments: { category: NUL_TEXT } };
    const mcp = await target.app.inject({
      method: 'POST',
      url: '/api/mcp',
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: call },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(mcp.statusCode, mcp.body).toBe(200);
    expect(mcp.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text' }] } });
  });

  it('answers a visitor 401 first, whatever the body holds', async () => {
    const response = await send('visitor', 'POST', '/api/comments', { paperId: 1, text: NUL_TEXT });
    expect(response.json()).toMatchObject({ error: 'unauthenticated' });
  });

  it('takes text with other control characters as it did', async () => {
    const response = await send('reader', 'POST', '/api/comments', {
      paperId: fixtures.papers[0]?.id,
      text: '<p>tab\tand\u0001bell\u0007</p>',
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
