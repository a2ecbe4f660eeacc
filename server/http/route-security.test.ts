import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../common/errors.js';
import { PASSWORD } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { databaseState } from '../test/database-state.js';
import { testDatabaseKinds } from '../test/databases.js';
import { TEST_IMAGES } from '../test/images.js';
import { initializeMessage } from '../test/mcp-client.js';
import {
  createRouteFixtures,
  multipartPayload,
  READER_EMAIL,
  type RouteFixtures,
  routeFixturesArxiv,
} from '../test/route-fixtures.js';
import { routeCollector, routeKey, STATE_CHANGING_METHODS } from '../test/routes.js';

/** A request the route's own users send: with the right role and origin it does what the route is for. */
interface Sample {
  url: string;
  payload?: object | string | Buffer;
  headers?: Record<string, string>;
  /** What the allowed request answers, when it is not a 2xx. */
  answers?: number;
}

type Access = { access: 'public'; reason: string } | { access: 'reader' } | { access: 'admin' };
/** The Origin rule, when it is not the site's: refused from another site, accepted from the site or without Origin. */
type OriginRule = { origin?: { rule: 'exempt' | 'public-url-only'; reason: string } };
type Entry = Access & OriginRule & { request: (f: RouteFixtures) => Sample };

const json = (url: string, payload?: object): Sample => ({ url, payload });
const paperEdit = { version: 1, title: 'Edited title', pdfUrl: 'https://arxiv.org/pdf/1', abstract: 'Edited.' };

/** Every state-changing route, with who may use it. A route added without an entry fails the first test. */
const ROUTES: Record<string, Entry> = {
  'POST /api/papers/semantic': {
    access: 'public',
    reason: 'searching is open to everyone; it changes nothing',
    request: () => json('/api/papers/semantic', { query: 'language model agents', top_k: 3 }),
  },
  'POST /api/auth/signup': {
    access: 'public',
    reason: 'signing up is how a visitor gets an account',
    request: () => json('/api/auth/signup', { name: 'New Reader', email: 'new@example.org', password: PASSWORD }),
  },
  'POST /api/auth/login': {
    access: 'public',
    reason: 'signing in is how a visitor gets a session',
    request: () => json('/api/auth/login', { email: READER_EMAIL, password: PASSWORD }),
  },
  'POST /api/auth/logout': {
    access: 'public',
    reason: 'it ends only the session whose cookie comes with it',
    request: () => json('/api/auth/logout'),
  },
  'POST /api/auth/forgot-password': {
    access: 'public',
    reason: 'whoever forgot a password cannot sign in',
    request: () => json('/api/auth/forgot-password', { email: READER_EMAIL }),
  },
  'POST /api/auth/resend-verification': {
    access: 'public',
    reason: 'an unverified account cannot sign in',
    request: () => json('/api/auth/resend-verification', { email: 'victim@example.org' }),
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    reason: 'the token of the mailed link authorises it',
    request: () => ({
      ...json('/api/auth/reset-password', { token: 'f'.repeat(64), newPassword: 'a new pass' }),
      answers: 400,
    }),
  },
  'POST /api/auth/verify-email': {
    access: 'public',
    reason: 'the token of the mailed link authorises it',
    request: () => ({
      ...json('/api/auth/verify-email', { token: 'f'.repeat(64), newPassword: 'a new pass' }),
      answers: 400,
    }),
  },
  'POST /api/comments': {
    access: 'reader',
    request: (f) => json('/api/comments', { paperId: f.papers[0]?.id, text: '<p>Agreed.</p>' }),
  },
  'PATCH /api/comments/:id': {
    access: 'reader',
    request: (f) => json(`/api/comments/${f.commentIds[0]}`, { text: '<p>Agreed, edited.</p>' }),
  },
  'DELETE /api/comments/:id': { access: 'reader', request: (f) => json(`/api/comments/${f.commentIds[0]}`) },
  'POST /api/comments/:id/reports': {
    access: 'reader',
    request: (f) => json(`/api/comments/${f.adminCommentIds[0]}/reports`, { reason: 'off_topic', text: 'Not here' }),
  },
  'POST /api/upload': {
    access: 'reader',
    request: () => ({
      url: '/api/upload',
      ...multipartPayload([{ field: 'image', fileName: 'a.png', type: 'image/png', content: TEST_IMAGES.png.bytes }]),
    }),
  },
  'POST /api/bookmarks/:arxivId': { access: 'reader', request: (f) => json(`/api/bookmarks/${f.papers[2]?.arxivId}`) },
  'POST /api/bookmarks/:archive/:number': {
    access: 'reader',
    request: (f) => json(`/api/bookmarks/${f.oldStylePapers[0]}`),
  },
  'DELETE /api/bookmarks/:id': { access: 'reader', request: (f) => json(`/api/bookmarks/${f.bookmarkIds[0]}`) },
  'PUT /api/digest-subscription': {
    access: 'reader',
    request: () => json('/api/digest-subscription', { categories: ['Mathematics', 'Robotics'] }),
  },
  'POST /api/digest-subscription/unsubscribe': {
    access: 'public',
    reason: 'the token of the digest mail’s link authorises it, not a session',
    request: (f) => json('/api/digest-subscription/unsubscribe', { token: f.unsubscribeTokens[0] }),
  },
  'POST /api/digest-subscription/one-click': {
    access: 'public',
    reason: 'the token of the List-Unsubscribe link authorises it, not a session',
    origin: {
      rule: 'exempt',
      reason: 'mail providers post it from their own servers and web mail; a cookie plays no part',
    },
    request: (f) => ({
      url: `/api/digest-subscription/one-click?token=${f.unsubscribeTokens[1]}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'DELETE /api/digest-subscription': { access: 'reader', request: () => json('/api/digest-subscription') },
  'POST /api/mcp': {
    access: 'public',
    reason: 'agents use it without an account, and its tools only read',
    origin: {
      rule: 'public-url-only',
      reason: 'a DNS-rebinding page reaches the server under its own name, so its Origin matches the Host',
    },
    request: () => ({
      ...json('/api/mcp', initializeMessage),
      headers: { accept: 'application/json, text/event-stream' },
    }),
  },
  'DELETE /api/mcp': {
    access: 'public',
    reason: 'it only answers 405: a stateless MCP server has no session to end',
    request: () => ({ ...json('/api/mcp'), answers: 405 }),
  },
  'PATCH /api/users/:id/verify': { access: 'admin', request: (f) => json(`/api/users/${f.victimId}/verify`) },
  'PATCH /api/users/:id/unverify': { access: 'admin', request: (f) => json(`/api/users/${f.victimId}/unverify`) },
  'PUT /api/papers/:arxivId': {
    access: 'admin',
    request: (f) => json(`/api/papers/${f.papers[3]?.arxivId}`, paperEdit),
  },
  'DELETE /api/papers/:arxivId': { access: 'admin', request: (f) => json(`/api/papers/${f.papers[4]?.arxivId}`) },
  'POST /api/papers/:arxivId/categories': {
    access: 'admin',
    request: (f) => json(`/api/papers/${f.papers[3]?.arxivId}/categories`, { categories: ['Robotics'] }),
  },
  'PUT /api/papers/:archive/:number': {
    access: 'admin',
    request: (f) => json(`/api/papers/${f.oldStylePapers[0]}`, paperEdit),
  },
  'DELETE /api/papers/:archive/:number': {
    access: 'admin',
    request: (f) => json(`/api/papers/${f.oldStylePapers[1]}`),
  },
  // After the deletions above, which keep these papers deleted; erased, then their ids restored.
  'DELETE /api/admin/deleted-papers/:arxivId/paper': {
    access: 'admin',
    request: (f) => json(`/api/admin/deleted-papers/${f.papers[4]?.arxivId}/paper`),
  },
  'DELETE /api/admin/deleted-papers/:archive/:number/paper': {
    access: 'admin',
    request: (f) => json(`/api/admin/deleted-papers/${f.oldStylePapers[1]}/paper`),
  },
  'DELETE /api/admin/deleted-papers/:arxivId': {
    access: 'admin',
    request: (f) => json(`/api/admin/deleted-papers/${f.papers[4]?.arxivId}`),
  },
  'DELETE /api/admin/deleted-papers/:archive/:number': {
    access: 'admin',
    request: (f) => json(`/api/admin/deleted-papers/${f.oldStylePapers[1]}`),
  },
  'POST /api/papers/:archive/:number/categories': {
    access: 'admin',
    request: (f) => json(`/api/papers/${f.oldStylePapers[0]}/categories`, { categories: ['Robotics'] }),
  },
  'POST /api/categories': { access: 'admin', request: () => json('/api/categories', { name: 'Planning' }) },
  'PUT /api/categories/:name': {
    access: 'admin',
    request: () => json('/api/categories/Mathematics', { nameAr: 'رياضيات' }),
  },
  'DELETE /api/categories/:name': { access: 'admin', request: () => json('/api/categories/Disposable') },
  'PUT /api/queue/:arxivId/move-first': {
    access: 'admin',
    request: (f) => json(`/api/queue/${f.queued[0]}/move-first`),
  },
  'PUT /api/queue/:arxivId/move-last': { access: 'admin', request: (f) => json(`/api/queue/${f.queued[0]}/move-last`) },
  'POST /api/queue/:arxivId/process-now': {
    access: 'admin',
    request: (f) => json(`/api/queue/${f.queued[0]}/process-now`),
  },
  'DELETE /api/queue/:arxivId': { access: 'admin', request: (f) => json(`/api/queue/${f.queued[1]}`) },
  'PUT /api/queue/:archive/:number/move-first': {
    access: 'admin',
    request: (f) => json(`/api/queue/${f.queued[2]}/move-first`),
  },
  'PUT /api/queue/:archive/:number/move-last': {
    access: 'admin',
    request: (f) => json(`/api/queue/${f.queued[2]}/move-last`),
  },
  'POST /api/queue/:archive/:number/process-now': {
    access: 'admin',
    request: (f) => json(`/api/queue/${f.queued[2]}/process-now`),
  },
  'DELETE /api/queue/:archive/:number': { access: 'admin', request: (f) => json(`/api/queue/${f.queued[3]}`) },
  'POST /api/admin/scrape': { access: 'admin', request: (f) => json('/api/admin/scrape', { arxivId: f.toScrape[0] }) },
  // After the report above.
  'POST /api/admin/comments/:id/dismiss-reports': {
    access: 'admin',
    request: (f) => json(`/api/admin/comments/${f.adminCommentIds[0]}/dismiss-reports`),
  },
  'DELETE /api/admin/comments/:id': {
    access: 'admin',
    request: (f) => json(`/api/admin/comments/${f.adminCommentIds[1]}`, { reason: 'Spam' }),
  },
  'POST /api/admin/users/:id/suspend': {
    access: 'admin',
    request: (f) => json(`/api/admin/users/${f.victimId}/suspend`, { reason: 'Spam' }),
  },
  'POST /api/admin/users/:id/restore': {
    access: 'admin',
    request: (f) => json(`/api/admin/users/${f.victimId}/restore`),
  },
  'PATCH /api/admin/users/:id/role': {
    access: 'admin',
    request: (f) => json(`/api/admin/users/${f.victimId}/role`, { role: 'admin' }),
  },
  'DELETE /api/admin/users/:id': { access: 'admin', request: (f) => json(`/api/admin/users/${f.doomedId}`) },
  // Last, as it deletes the reader whose session the others use.
  'DELETE /api/account': { access: 'reader', request: () => json('/api/account', { password: PASSWORD }) },
};

const FOREIGN_ORIGIN = 'https://evil.example';

describe.each(testDatabaseKinds)('access to every state-changing route on $name', (kind) => {
  const collected = routeCollector();
  const target = useTestApp(kind, () => ({}), { onRoute: collected.onRoute, arxiv: routeFixturesArxiv().client });
  let fixtures: RouteFixtures;
  let publicOrigin = '';
  beforeAll(async () => {
    fixtures = await createRouteFixtures(target);
    publicOrigin = new URL(target.services.config.publicUrl).origin;
  });

  it('has an entry for every state-changing route the app registers, and for no other', () => {
    const registered = collected.routes.filter((route) => STATE_CHANGING_METHODS.has(route.method)).map(routeKey);
    expect(registered.filter((key) => !(key in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !registered.includes(key))).toEqual([]);
  });

  const send = (key: string, cookie: string | null, headers: Record<string, string>) => {
    const [method = '', pattern = ''] = key.split(' ');
    const sample = (ROUTES[key] as Entry).request(fixtures);
    const path = new URL(sample.url, 'http://localhost').pathname;
    // The sample names real rows, and is routed to the route of its entry.
    expect(path).toMatch(new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`));
    expect(path).not.toMatch(/undefined/);
    return target.app.inject({
      method: method as 'POST',
      url: sample.url,
      payload: sample.payload,
      headers: { ...sample.headers, ...(cookie ? { cookie } : {}), ...headers },
    });
  };

  /** The request is refused with `status` and `error`, and no table changed. */
  async function expectRefused(
    key: string,
    cookie: string | null,
    headers: Record<string, string>,
    [status, error]: [number, string],
  ) {
    const before = await databaseState(target.handle);
    const response = await send(key, cookie, headers);
    expect(response.statusCode, response.body).toBe(status);
    expect(apiErrorSchema.strict().parse(response.json()).error).toBe(error);
    expect(await databaseState(target.handle)).toEqual(before);
  }

  describe.each(Object.entries(ROUTES))('%s', (key, entry) => {
    if (entry.origin?.rule !== 'exempt') {
      it('refuses a request from another site, even an administrator’s, and changes nothing', async () => {
        const forbidden: [number, string] = [403, 'forbidden_origin'];
        await expectRefused(key, fixtures.admin, { origin: FOREIGN_ORIGIN }, forbidden);
        await expectRefused(key, fixtures.admin, { 'sec-fetch-site': 'cross-site' }, forbidden);
      });
    }
    if (entry.origin?.rule === 'exempt') {
      it(`takes requests from any site: ${entry.origin.reason}`, async () => {
        const [method = ''] = key.split(' ');
        const sample = entry.request(fixtures);
        const response = await target.app.inject({
          method: method as 'POST',
          // An unknown token, so the link of the fixtures stays unused for the last test.
          url: sample.url.replace(/token=[^&]*/, `token=${'0'.repeat(64)}`),
          payload: sample.payload,
          headers: { ...sample.headers, origin: FOREIGN_ORIGIN },
        });
        // Past the Origin check, the unknown token is what is refused.
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: 'invalid_token' });
      });
    }
    if (entry.origin?.rule === 'public-url-only') {
      it(`refuses an Origin other than the public URL's, even the Host's own: ${entry.origin.reason}`, async () => {
        const rebound = { host: 'rebound.example', origin: 'http://rebound.example' };
        await expectRefused(key, null, rebound, [403, 'forbidden_origin']);
      });
    }
    if (entry.access !== 'public') {
      it('answers 401 to visitors, a forged session cookie included, and changes nothing', async () => {
        const own = { origin: publicOrigin };
        await expectRefused(key, null, own, [401, 'unauthenticated']);
        await expectRefused(key, 'sid=s%3Aforged.c2lnbmF0dXJl', own, [401, 'unauthenticated']);
      });
    }
    if (entry.access === 'admin') {
      it('answers 403 to readers and changes nothing', async () => {
        await expectRefused(key, fixtures.reader, { origin: publicOrigin }, [403, 'forbidden']);
      });
    }
  });

  // Last, as they change the rows the refusals above are sent about.
  it.each(Object.entries(ROUTES))('lets its users use %s', async (key, entry) => {
    const cookie = { public: null, reader: fixtures.reader, admin: fixtures.admin }[entry.access];
    const origin = entry.origin?.rule === 'exempt' ? FOREIGN_ORIGIN : publicOrigin;
    const response = await send(key, cookie, { origin });
    const expected = entry.request(fixtures).answers;
    if (expected) expect(response.statusCode, response.body).toBe(expected);
    else expect(response.statusCode, response.body).toBeOneOf([200, 201, 202]);
  });
});
