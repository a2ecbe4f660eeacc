import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/errors.js';
import { embedAll, rememberingEmbedder } from '../modules/search/testing.js';
import { createUsersRepo } from '../modules/users/repo.js';
import { createUseLiteEmbedder } from '../providers/embeddings/use-lite.js';
import { logIn, nextClientAddress, sessionCookieOf, signedInAs } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { trackDatabaseState } from '../test/database-state.js';
import { testDatabaseKinds } from '../test/databases.js';
import { type FuzzRequest, fuzzRequest } from '../test/fuzz-requests.js';
import {
  ADMIN_EMAIL,
  createRouteFixtures,
  READER_EMAIL,
  type RouteFixtures,
  routeFixturesArxiv,
} from '../test/route-fixtures.js';
import { type RegisteredRoute, routeCollector, routeKey, STATE_CHANGING_METHODS } from '../test/routes.js';

/**
 * Hostile requests to every route the app registers, as a visitor, with a forged cookie, as a reader
 * and as an administrator. The seed is fixed so a failure can be replayed; FUZZ_SEED and FUZZ_RUNS
 * (runs per route and role) explore further by hand.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1_302_024);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/**
 * Runs for one route and role: fewer for a HEAD twin of a GET route, and for a route that takes no
 * input of its own (a page, a feed, a file: no path parameter, no body, no declared query).
 */
function runsFor(route: RegisteredRoute): number {
  const takesInput =
    /[:*]/.test(route.url) || STATE_CHANGING_METHODS.has(route.method) || route.options.schema?.querystring;
  return route.method === 'HEAD' || !takesInput ? Math.ceil(RUNS / 4) : RUNS;
}

const ROLES = ['visitor', 'forged cookie', 'reader', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** Counting refused sign-ins and searches is what the rate limiter is for: its table may change. */
const MAY_CHANGE_WHEN_REFUSED = ['rate_limits'];

/** The MCP endpoint answers a failure of the protocol itself as JSON-RPC says, not in the API's shape. */
const jsonRpcError = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    error: z.object({ code: z.number().int(), message: z.string() }).strict(),
  })
  .strict();

/**
 * What is wrong with a 4xx answer's body, or null when it has the error shape. Outside the API, a
 * page the site does not have (GET or HEAD) is the web app's own not-found page, in HTML.
 */
function errorShapeProblem(route: RegisteredRoute, request: FuzzRequest, response: LightMyRequestResponse) {
  const type = String(response.headers['content-type']);
  const path = request.url.split('?')[0] ?? '';
  const isApi = path === '/api' || path.startsWith('/api/');
  if (!isApi && request.method === 'GET' && response.statusCode === 404 && type.startsWith('text/html')) return null;
  if (!type.startsWith('application/json')) return `content type ${type}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'a body that is not JSON';
  }
  if (apiErrorSchema.strict().safeParse(body).success) return null;
  if (routeKey(route) === 'POST /api/mcp' && jsonRpcError.safeParse(body).success) return null;
  return 'a body not in the error shape';
}

/** A failure in short: the assertion, the request (long texts cut), and the seed and path that replay it. */
function failureReport(label: string, details: fc.RunDetails<[FuzzRequest]>): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const request = JSON.stringify(details.counterexample?.[0], (_key, value: unknown) =>
    typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…(${value.length})` : value,
  );
  return `${label}: ${error.slice(0, 1_500)}\n  request ${request}\n  seed ${details.seed}, path ${details.counterexamplePath}`;
}

const encoder = rememberingEmbedder(createUseLiteEmbedder());
afterAll(() => encoder.close());

describe.each(testDatabaseKinds)('hostile requests to every route on $name', (kind) => {
  const collected = routeCollector();
  const target = useTestApp(kind, () => ({}), {
    onRoute: collected.onRoute,
    arxiv: routeFixturesArxiv().client,
    textEmbedder: encoder,
  });
  let fixtures: RouteFixtures;
  const cookies: Record<'reader' | 'admin', string | null> = { reader: null, admin: null };
  let database: ReturnType<typeof trackDatabaseState>;
  let cases = 0;

  beforeAll(async () => {
    fixtures = await createRouteFixtures(target);
    database = trackDatabaseState(target.handle, MAY_CHANGE_WHEN_REFUSED);
    cookies.reader = fixtures.reader;
    cookies.admin = fixtures.admin;
    // Search ranks by vectors too where the database holds them (SQLite with sqlite-vec, PostgreSQL with pgvector).
    if ((await target.services.search.status()).vectorIndex !== 'none') await embedAll(target);
  }, 180_000);

  /**
   * Signs the reader or the administrator in again when a request ended the session (sign-out),
   * changed the account (unverified, suspended, its role) or deleted it (made anew), so that the
   * following requests are still theirs.
   */
  async function keepSignedIn(role: 'reader' | 'admin') {
    const check = await target.app.inject({ url: '/api/auth/check', headers: { cookie: cookies[role] ?? '' } });
    const wanted = { reader: 'user', admin: 'admin' }[role] as 'user' | 'admin';
    if (check.json().user?.role === wanted) return;
    const email = role === 'reader' ? READER_EMAIL : ADMIN_EMAIL;
    const users = createUsersRepo(target.handle.db);
    const id = (await users.findByEmail(email))?.id;
    database.forget();
    if (id === undefined) {
      cookies[role] = await signedInAs(target, wanted, email);
      return;
    }
    await users.update(id, { role: wanted });
    await users.verifyByAdmin(id);
    await target.handle.db
      .updateTable('users')
      .set({ suspended_at: null, suspended_by: null })
      .where('id', '=', id)
      .execute();
    cookies[role] = sessionCookieOf(await logIn(target.app, email));
  }

  /** One request: never a 5xx; a 4xx in the error shape that changed nothing. */
  async function check(route: RegisteredRoute, role: Role, request: FuzzRequest): Promise<void> {
    cases += 1;
    const before = await database.before();
    const cookie = {
      visitor: null,
      'forged cookie': request.forgedCookie,
      reader: cookies.reader,
      admin: cookies.admin,
    }[role];
    const response = await target.app.inject({
      method: request.method as 'GET',
      url: request.url,
      payload: request.payload,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
      remoteAddress: nextClientAddress(),
    });
    const { statusCode } = response;
    const answer = `answered ${statusCode}: ${response.body.slice(0, 300)}`;
    expect(statusCode, answer).toBeLessThan(500);
    if (statusCode >= 400) {
      if (request.method !== 'HEAD') expect(errorShapeProblem(route, request, response), answer).toBeNull();
      const after = await database.now();
      const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
      expect(changed, `a refused request changed tables: ${answer}`).toEqual([]);
      return;
    }
    database.forget();
    if ((role === 'reader' || role === 'admin') && STATE_CHANGING_METHODS.has(request.method)) await keepSignedIn(role);
  }

  it.each(ROLES)(
    'answers every route, sent hostile values as %s, without a 5xx; refusals in the error shape, changing nothing',
    async (role) => {
      const failures: string[] = [];
      for (const [index, route] of collected.routes.entries()) {
        const details = await fc.check(
          fc.asyncProperty(fuzzRequest(route, fixtures), (request) => check(route, role, request)),
          { numRuns: runsFor(route), seed: SEED + ROLES.indexOf(role) * 1_000 + index },
        );
        if (details.failed) failures.push(failureReport(`${routeKey(route)} as ${role}`, details));
      }
      expect(failures).toEqual([]);
    },
    600_000,
  );

  afterAll(() => {
    console.info(`${kind.name}: ${cases} hostile requests to ${collected.routes.length} routes`);
  });
});
