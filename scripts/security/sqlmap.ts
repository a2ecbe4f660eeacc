import { STATE_CHANGING_METHODS } from '../../server/test/routes.js';
import {
  exampleValue,
  FALLBACK_BY_TYPE,
  FRESH_EMAIL,
  type JsonValue,
  type ScanFixtures,
  typedValue,
} from './examples.js';
import type { Role, ScanRoute } from './routes.js';

/** sqlmap's mark of an injection point: each is tested on its own, and nothing else is. */
const MARK = '*';

/** Request headers the scan proxy reads and removes: which scan a request belongs to, and whose session it carries. */
export const SCAN_TARGET_HEADER = 'x-scan-target';
export const SCAN_ROLE_HEADER = 'x-scan-role';

/**
 * A GIF that is all printable ASCII (sqlmap reads request files as text): 16,705 × 16,705, no
 * colour table, an image block, the trailer. The upload route judges images by these bytes.
 */
export const TEXT_SAFE_GIF = 'GIF89aAAAA   ,scan;';
const MULTIPART_BOUNDARY = 'ScanBoundary7MA4YWxkTrZu0gW';
/** The upload route's file field; its schema describes the body in words only. */
const MULTIPART_FILE_FIELD = 'image';

/** Where marks are: sqlmap numbers them apart in the request line and in the body. */
export type Place = 'URI' | 'BODY';

/** One marked input: `URI#2` is the second mark in the request line, `BODY#1` the first in the body. */
export interface InjectionPoint {
  id: string;
  /** What the input is: `path arxivId`, `query page`, `body categories[0]`, `file name`. */
  input: string;
}

export interface SqlmapRequest {
  /** `GET /api/papers as reader`: the label of the scan in the proxy's counts and the reports. */
  label: string;
  /** The place this request's marks are in. */
  place: Place;
  /** The request file for `sqlmap -r`. */
  text: string;
  points: InjectionPoint[];
  /** Parameters sqlmap gives fresh letters in every request (--randomize). */
  randomize: string[];
  /** Inputs the example tables do not know, filled by type. */
  unknownInputs: string[];
}

export interface ScanAddress {
  /** `127.0.0.1:4000`: where the scanners send requests (the scan proxy). */
  host: string;
  /** The site's public origin, sent as Origin with state-changing requests. */
  origin: string;
}

function acceptOf(route: ScanRoute): string {
  if (route.body.kind === 'tool-call') return 'application/json, text/event-stream';
  return route.page ? 'text/html' : 'application/json';
}

/** Builds the text of a JSON value with a mark after each scalar (inside the quotes of a string). */
function markedJson(value: JsonValue, input: string, mark: (input: string) => string): string {
  if (Array.isArray(value)) {
    return `[${value.map((item, index) => markedJson(item, `${input}[${index}]`, mark)).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([key, member]) => `${JSON.stringify(key)}:${markedJson(member, `${input}.${key}`, mark)}`,
    );
    return `{${members.join(',')}}`;
  }
  const text = JSON.stringify(value);
  return typeof value === 'string' ? `${text.slice(0, -1)}${mark(input)}"` : `${text}${mark(input)}`;
}

/**
 * The path and query of a request to the route, each parameter filled with its example value and
 * followed by what `mark` answers for it (sqlmap's mark, or nothing).
 */
export function requestTarget(
  route: ScanRoute,
  role: Role,
  fixtures: ScanFixtures,
  mark: (input: string) => string = () => '',
  onUnknown: (input: string) => void = () => {},
): string {
  const text = (where: 'path' | 'field', name: string) => {
    const value = exampleValue(where, name, route, role, fixtures);
    if (value === undefined) onUnknown(`${where} ${name}`);
    return encodeURIComponent(String(value ?? FALLBACK_BY_TYPE.string));
  };
  const path = route.url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const param = name ?? whole;
    return `${text('path', param)}${mark(`path ${param}`)}`;
  });
  const query = route.query.map((name) => `${name}=${text('field', name)}${mark(`query ${name}`)}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/**
 * The request files for one route and role, every input marked: path parameters and query values
 * in the request line, each JSON field (each element of an array), the tool's arguments of an MCP
 * call, the file name of a multipart body. One file per place that holds marks: sqlmap numbers the
 * marks of each place from 1 and, for methods other than GET and POST, names the place by the
 * method, so that "PUT parameter 'JSON #1*'" could be either place's first mark. A state-changing
 * request carries the site's own Origin, which the server asks of browsers' requests; the role's
 * session is the proxy's to add.
 */
export function sqlmapRequests(
  route: ScanRoute,
  role: Role,
  fixtures: ScanFixtures,
  site: ScanAddress,
): SqlmapRequest[] {
  return (['URI', 'BODY'] as const)
    .map((place) => sqlmapRequest(route, role, fixtures, site, place))
    .filter((request) => request.points.length > 0);
}

function sqlmapRequest(
  route: ScanRoute,
  role: Role,
  fixtures: ScanFixtures,
  site: ScanAddress,
  place: Place,
): SqlmapRequest {
  const points: InjectionPoint[] = [];
  const unknownInputs: string[] = [];
  const marker = (where: Place) => (input: string) => {
    if (where !== place) return '';
    points.push({ id: `${place}#${points.length + 1}`, input });
    return MARK;
  };
  const markUri = marker('URI');
  const markBody = marker('BODY');
  const example = (where: 'path' | 'field', name: string): JsonValue | undefined => {
    const value = exampleValue(where, name, route, role, fixtures);
    if (value === undefined) unknownInputs.push(`${where} ${name}`);
    return value;
  };

  const target = requestTarget(route, role, fixtures, markUri, (input) => unknownInputs.push(input));

  const headers: [string, string][] = [
    ['Host', site.host],
    ['Accept', acceptOf(route)],
  ];
  let body = '';
  const fieldsObject = (fields: { name: string; type: Parameters<typeof typedValue>[1] }[]) =>
    `{${fields
      .map((field) => {
        const value = example('field', field.name);
        const typed = value === undefined ? FALLBACK_BY_TYPE[field.type] : typedValue(value, field.type);
        return `${JSON.stringify(field.name)}:${markedJson(typed, `body ${field.name}`, markBody)}`;
      })
      .join(',')}}`;
  if (route.body.kind === 'json') {
    headers.push(['Content-Type', 'application/json']);
    body = fieldsObject(route.body.fields);
  } else if (route.body.kind === 'tool-call') {
    headers.push(['Content-Type', 'application/json']);
    const call = `{"name":${JSON.stringify(route.body.tool)},"arguments":${fieldsObject(route.body.fields)}}`;
    body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${call}}`;
  } else if (route.body.kind === 'multipart') {
    headers.push(['Content-Type', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`]);
    body = [
      `--${MULTIPART_BOUNDARY}`,
      `Content-Disposition: form-data; name="${MULTIPART_FILE_FIELD}"; filename="scan.gif${markBody('file name')}"`,
      'Content-Type: image/gif',
      '',
      TEXT_SAFE_GIF,
      `--${MULTIPART_BOUNDARY}--`,
      '',
    ].join('\r\n');
  }
  if (STATE_CHANGING_METHODS.has(route.method)) headers.push(['Origin', site.origin]);
  const label = `${route.key} as ${role}`;
  headers.push([SCAN_TARGET_HEADER, label]);
  if (role !== 'visitor') headers.push([SCAN_ROLE_HEADER, role]);

  const head = [`${route.method} ${target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  const text = `${head.join('\r\n')}\r\n\r\n${body}`;
  if (text.split(MARK).length - 1 !== points.length) throw new Error(`an example value holds sqlmap's mark: ${text}`);
  return {
    label,
    place,
    text,
    points,
    randomize: body.includes(FRESH_EMAIL) ? ['email'] : [],
    unknownInputs,
  };
}

/** How deep sqlmap looks, and how hard; the ADR gives the reasons. */
export const SQLMAP_SETTINGS = {
  level: 3,
  risk: 2,
  dbms: 'SQLite',
  technique: 'BEUSTQ',
  timeSec: 3,
  // Longer than the scan proxy may hold a request while a per-account limit's window ends.
  timeoutSec: 90,
  retries: 2,
} as const;

/** The arguments of one sqlmap run: batch mode, the request file's marks only, its own output folder. */
export function sqlmapArgs(request: Pick<SqlmapRequest, 'randomize'>, requestFile: string, outputDir: string) {
  const s = SQLMAP_SETTINGS;
  return [
    '-r',
    requestFile,
    '--batch',
    '--ignore-stdin',
    `--level=${s.level}`,
    `--risk=${s.risk}`,
    `--dbms=${s.dbms}`,
    `--technique=${s.technique}`,
    `--time-sec=${s.timeSec}`,
    `--timeout=${s.timeoutSec}`,
    `--retries=${s.retries}`,
    // Answers sqlmap otherwise stops at, though they are the route's own: 401 to a visitor on a
    // reader's route (taken for a failed login), 404 for an unknown token or for a row a DELETE has
    // removed with sqlmap's first request (taken for a wrong address).
    '--ignore-code=401,404',
    // Sign-in answers set a session cookie; sending it back would turn the visitor's scan into a reader's.
    '--drop-set-cookie',
    '--skip-waf',
    '--disable-coloring',
    // After an injectable parameter, test the others too: every finding is wanted.
    '--answers=keep testing=Y',
    `--output-dir=${outputDir}`,
    ...(request.randomize.length > 0 ? [`--randomize=${request.randomize.join(',')}`] : []),
  ];
}

export interface SqlmapInjection {
  /** The point's id (`URI#1`, `BODY#2`), matching InjectionPoint.id. */
  point: string;
  /** `boolean-based blind: AND boolean-based blind - WHERE or HAVING clause`, one per technique. */
  techniques: string[];
  payloads: string[];
}

export type SqlmapOutcome =
  | { status: 'clean'; tested: string[] }
  | { status: 'injectable'; injections: SqlmapInjection[]; tested: string[] }
  | { status: 'incomplete'; reason: string; tested: string[] };

// sqlmap colours and redraws its terminal even in batch mode; the log is read without those codes.
const ESCAPE_SEQUENCES = new RegExp(`${String.fromCharCode(27)}(\\[[0-9;?]*[A-Za-z]|[()][A-Z0-9]|[=>])`, 'g');

/**
 * What one sqlmap run of a request with marks in `place` concluded, from its console output: the
 * injection points it reports (the block after "identified the following injection point(s)"), or
 * that it tested every point and found none, or that it stopped before that (a connection failure,
 * an abort), with its last critical message. `tested` lists the points it gave a verdict on.
 */
export function parseSqlmapOutput(output: string, place: Place): SqlmapOutcome {
  const pointId = (name: string) => `${place}#${/#(\d+)\*/.exec(name)?.[1] ?? '?'}`;
  const text = output.replace(ESCAPE_SEQUENCES, '');
  const tested = new Set<string>();
  const verdicts = / parameter '([^']+)' (?:does not seem to be injectable|is vulnerable|is '[^']*' injectable)/g;
  for (const [, name] of text.matchAll(verdicts)) tested.add(pointId(name ?? ''));
  const report = /identified the following injection point\(s\)[^\n]*\n---\n([\s\S]*?)\n---/.exec(text)?.[1];
  if (report) {
    const injections: SqlmapInjection[] = [];
    for (const block of report.split(/^Parameter: /m).slice(1)) {
      const point = pointId(block.split('\n')[0] ?? '');
      tested.add(point);
      const techniques = [...block.matchAll(/^\s+Type: (.*)\n\s+Title: (.*)$/gm)].map(
        ([, type, title]) => `${type}: ${title}`,
      );
      const payloads = [...block.matchAll(/^\s+Payload: (.*)$/gm)].map(([, payload]) => payload ?? '');
      injections.push({ point, techniques, payloads });
    }
    return { status: 'injectable', injections, tested: [...tested] };
  }
  if (/all tested parameters do not appear to be injectable/.test(text))
    return { status: 'clean', tested: [...tested] };
  const critical = [...text.matchAll(/\[CRITICAL\] (.*)/g)].at(-1)?.[1];
  const lastLine = text.trim().split('\n').at(-1) ?? '';
  return { status: 'incomplete', reason: critical ?? `no verdict; last line: ${lastLine}`, tested: [...tested] };
}
