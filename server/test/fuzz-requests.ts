import fc from 'fast-check';
import { REPORT_REASONS } from '../../common/moderation-rules.js';
import { PASSWORD } from './accounts.js';
import { hostileMcpMessage } from './hostile-mcp.js';
import { hostileMultipart, type RawBody } from './hostile-multipart.js';
import {
  CONTENT_TYPES,
  HOSTILE_TEXTS,
  hostileJson,
  hostileObject,
  hostileText,
  JsonObject,
  type JsonValue,
  jsonText,
  MALFORMED_JSON,
} from './hostile-values.js';
import { ADMIN_EMAIL, READER_EMAIL, type RouteFixtures } from './route-fixtures.js';
import { fillPath, pathParamNames, percentEncode, type RegisteredRoute, routeKey } from './routes.js';

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** A `Cookie` header no server gave: sent instead of a session's by clients that forge one. */
  forgedCookie: string;
}

const FORGED_COOKIES = [
  'sid=s%3Aforged.c2lnbmF0dXJl',
  'sid=',
  'sid=%zz',
  `sid=s%3A${'a'.repeat(4_000)}.b`,
  'sid=one; sid=two',
  'sid="quoted"',
  '=; ;;=',
  'locale=ar; sid=forged',
  'locale=<script>alert(1)</script>',
  'locale=__proto__',
  'locale=%00',
  'sid=\u00ff\u00fe',
];

/** Written into a URL as they are: traversal, broken escapes, and characters a path may hold. */
const RAW_URL_PARTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fpackage.json',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..%5c..%5c',
  '%00',
  '%zz',
  '%',
  '%ff%fe',
  '%c0%ae%c0%ae',
  '%252e%252e',
  '%ed%a0%80',
  'a%2fb',
  "~!$'()*+,;=@:",
  '%20',
  'index.html%00.png',
];

/** Bodies of routes whose schema does not describe them: MCP takes any JSON-RPC message. */
const UNDECLARED_BODIES: Record<string, { keys: string[]; messages: (f: RouteFixtures) => fc.Arbitrary<JsonValue> }> = {
  'POST /api/mcp': { keys: ['jsonrpc', 'id', 'method', 'params'], messages: hostileMcpMessage },
};

/** `table[key]` when the table itself has it: a hostile key such as `constructor` is not looked up the prototype. */
const own = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

const keysOf = (schema: unknown): string[] =>
  schema && typeof schema === 'object' && 'shape' in schema ? Object.keys(schema.shape as object) : [];

/** Values a well-meaning client sends, by the name of what they fill: the real rows of the fixtures. */
function plausible(f: RouteFixtures) {
  const ids = f.papers.map((paper) => paper.id);
  const arxivIds = [...f.papers.map((paper) => paper.arxivId), ...f.queued.slice(0, 2), ...f.toScrape.slice(0, 2)];
  const segments: Record<string, string[]> = {
    arxivId: [...arxivIds, ...ids.map(String), percentEncode(f.oldStylePapers[0] ?? ''), `${arxivIds[0]}v1`],
    archive: ['math', 'hep-th'],
    number: ['9501234', '9501235v1', '9901001'],
    id: [...f.commentIds, ...f.adminCommentIds, ...f.bookmarkIds, f.victimId, f.doomedId].map(String),
    paperId: ids.map(String),
    name: f.categories.map(percentEncode),
    n: ['1', '2'],
    locale: ['en', 'ar'],
    '*': ['swagger-ui.css', 'index.html'],
    page: ['1', '2'],
    limit: ['10', '25'],
    verified: ['true', 'false'],
    category: f.categories.map(percentEncode),
    token: ['f'.repeat(64)],
    reported: ['true', 'false'],
    authorId: [String(f.readerId)],
    action: ['paper.edited', 'user.suspended', 'comment.removed'],
    actor: ['1', '2'],
    objectType: ['paper', 'user', 'comment'],
    objectId: [arxivIds[0] ?? '', String(f.readerId)],
    before: ['5', '1000'],
    // A real place, the last day both databases read, and places past any date they read.
    cursor: ['1767607200000_1', '253402300799999_1', '253402300800000_1', '999999999999999_1'],
  };
  const fields: Record<string, fc.Arbitrary<JsonValue>> = {
    paperId: fc.constantFrom(...ids),
    userId: fc.constantFrom(f.readerId, f.victimId),
    text: fc.constantFrom('<p>Interesting.</p>', 'plain words', '<a href="https://example.org">a link</a>'),
    query: fc.constantFrom('language model agents', 'planning', ...arxivIds.slice(0, 1)),
    top_k: fc.integer({ min: 1, max: 50 }),
    email: fc.oneof(
      fc.nat().map((n) => `fuzz-${n}@example.org`),
      fc.constantFrom(READER_EMAIL, ADMIN_EMAIL, 'victim@example.org'),
    ),
    password: fc.constant(PASSWORD),
    newPassword: fc.constant(PASSWORD),
    name: fc.constantFrom('Fuzz Reader', ...f.categories),
    locale: fc.constantFrom('en', 'ar'),
    language: fc.constantFrom('en', 'ar'),
    token: fc.constantFrom('f'.repeat(64), ...f.unsubscribeTokens),
    categories: fc.subarray(f.categories),
    frequency: fc.constantFrom('daily', 'weekly'),
    version: fc.integer({ min: 1, max: 5 }),
    title: fc.constant('An edited title'),
    pdfUrl: fc.constant('https://arxiv.org/pdf/2401.00001v1'),
    abstract: fc.constant('An edited abstract.'),
    summary: fc.constant(null),
    nameAr: fc.constant('تصنيف'),
    arxivId: fc.constantFrom(...arxivIds, `https://arxiv.org/abs/${f.toScrape[1]}`),
    processNow: fc.boolean(),
    addToFront: fc.boolean(),
    addToBookmarks: fc.boolean(),
    reason: fc.constantFrom(...REPORT_REASONS, 'Spam links in every comment'),
    role: fc.constantFrom('user', 'admin'),
    removeComments: fc.boolean(),
  };
  return { segments, fields };
}

/** A URL part: a real value, a hostile text percent-encoded, or hostile URL syntax written raw. */
const urlPart = (real: string[] | undefined) =>
  fc.oneof(
    { weight: real ? 3 : 0, arbitrary: fc.constantFrom(...(real ?? [''])) },
    { weight: 3, arbitrary: hostileText.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
  );

/** A JSON text past the default body limit of 1 MiB. */
const OVER_BODY_LIMIT = `"${'x'.repeat(1_100_000)}"`;

const RAW_QUERIES = [
  '?',
  '?&&&',
  '?=',
  '?%zz=1',
  '?__proto__[polluted]=1',
  '?constructor[prototype][polluted]=1',
  '?page[]=1',
  '?page=1&page=2',
  '?limit=10&limit=25',
  '?token=a&token=b',
  `?${'a=1&'.repeat(2_000)}`,
];

/** Any request to `route`: its path parameters, query and body filled with real and hostile values. */
export function fuzzRequest(route: RegisteredRoute, f: RouteFixtures): fc.Arbitrary<FuzzRequest> {
  const { segments, fields } = plausible(f);
  const path = fc.record(
    Object.fromEntries(pathParamNames(route.url).map((name) => [name, urlPart(own(segments, name))])),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryKeys = [...keysOf(route.options.schema?.querystring), 'page', 'token'];
  const pair = fc
    .oneof(fc.constantFrom(...queryKeys), hostileText.map(percentEncode))
    .chain((key) => urlPart(own(segments, key)).map((value) => `${key}=${value}`));
  const query = fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
  const undeclared = own(UNDECLARED_BODIES, routeKey(route));
  const body = ['GET', 'HEAD', 'OPTIONS'].includes(route.method)
    ? fc.constant<RawBody>({})
    : fc.oneof(
        { weight: 1, arbitrary: hostileBody(undeclared?.keys ?? keysOf(route.options.schema?.body), fields) },
        { weight: route.url.endsWith('/upload') ? 3 : 0, arbitrary: hostileMultipart },
        {
          weight: undeclared ? 2 : 0,
          arbitrary: (undeclared?.messages(f) ?? fc.constant(null)).map((message) => ({
            payload: jsonText(message),
            contentType: 'application/json',
          })),
        },
      );
  // Mostly no Origin, as programs send, so that most requests get past the Origin check to the route.
  const headers = fc.record({
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null', '%%') },
    ),
    accept: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 5, arbitrary: fc.constant('application/json, text/event-stream') },
      { weight: 1, arbitrary: fc.constantFrom('text/html', '*/*', '', 'application/json;q=0') },
    ),
  });
  const forgedCookie = fc.oneof(
    fc.constantFrom(...FORGED_COOKIES),
    hostileText.map((text) => `sid=${percentEncode(text)}`),
  );
  return fc
    .tuple(path, query, body, headers, forgedCookie)
    .map(([params, search, { payload, contentType }, extra, cookie]) => ({
      method: route.method,
      forgedCookie: cookie,
      url: fillPath(route.url, params) + search,
      payload,
      headers: Object.fromEntries(
        Object.entries({ 'content-type': contentType, origin: extra.origin, accept: extra.accept }).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
    }));
}

/** Bodies of every kind: the route's fields with real or hostile values, the wrong JSON, no JSON, the wrong type. */
function hostileBody(keys: string[], fields: Record<string, fc.Arbitrary<JsonValue>>) {
  const value = (key: string) =>
    fc.oneof(
      { weight: 3, arbitrary: own(fields, key) ?? hostileJson(1) },
      { weight: 2, arbitrary: hostileText },
      { weight: 2, arbitrary: hostileJson(2) },
    );
  const members = fc.tuple(
    ...keys.map((key) =>
      fc.option(
        value(key).map((v): [string, JsonValue] => [key, v]),
        { freq: 6, nil: undefined },
      ),
    ),
  );
  const object = fc
    .tuple(members, fc.option(hostileObject(hostileJson(1)), { freq: 2, nil: undefined }))
    .map(([known, extra]) => new JsonObject([...known.filter((m) => m !== undefined), ...(extra?.members ?? [])]));
  // One field hostile and every other one real: the values that pass validation and reach the service.
  const oneHostile =
    keys.length === 0
      ? object
      : fc
          .constantFrom(...keys)
          .chain((target) =>
            fc
              .tuple(
                ...keys.map((key) =>
                  key === target ? fc.oneof(hostileText, hostileJson(2)) : (own(fields, key) ?? hostileJson(1)),
                ),
              )
              .map((values) => new JsonObject(keys.map((key, i): [string, JsonValue] => [key, values[i] ?? null]))),
          );
  const json = (text: string, contentType = 'application/json'): RawBody => ({ payload: text, contentType });
  return fc.oneof(
    { weight: 8, arbitrary: object.map((o) => json(jsonText(o))) },
    { weight: 8, arbitrary: oneHostile.map((o) => json(jsonText(o))) },
    { weight: 2, arbitrary: hostileJson(2).map((v) => json(jsonText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => json(text)) },
    {
      weight: 1,
      arbitrary: fc.tuple(object, fc.constantFrom(...CONTENT_TYPES)).map(([o, type]) => json(jsonText(o), type)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXTS.slice(0, 20)).map((text) => json(text, 'text/plain')) },
    { weight: 1, arbitrary: fc.constant<RawBody>({}) },
    { weight: 1, arbitrary: fc.constant(json(OVER_BODY_LIMIT)) },
    { weight: 1, arbitrary: hostileMultipart },
  );
}
