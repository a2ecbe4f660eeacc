import type { Role } from './routes.js';
import { SCAN_ROLE_HEADER, SCAN_TARGET_HEADER } from './sqlmap.js';

/**
 * Wapiti's modules that stay on the scanned site, run explicitly (`-m`). Left out: ssrf and xxe
 * (they detect by the target calling wapiti's own server on the internet), nikto and wapp (their
 * databases are downloaded from the internet), buster (guesses thousands of paths from a word list:
 * discovery, not the site's inputs), brute_login_form (guesses passwords, which the sign-in limits
 * are there to stop) and backup (in wapiti 3.0.4 it writes `name~` over the first occurrence of a
 * page's name in the whole URL: for `/api/comments/1` it rewrote the port 42143 to `421~43` and
 * stopped with a ValueError; where the name is in the host it would ask another host).
 */
export const WAPITI_MODULES = [
  'blindsql',
  'cookieflags',
  'crlf',
  'csp',
  'csrf',
  'exec',
  'file',
  'htaccess',
  'http_headers',
  'methods',
  'permanentxss',
  'redirect',
  'shellshock',
  'sql',
  'xss',
] as const;

/** Bounds of one wapiti run: crawl depth and time, and time per module. */
export const WAPITI_LIMITS = { depth: 4, linksPerPage: 60, crawlSeconds: 300, moduleSeconds: 300, timeoutSeconds: 30 };

export interface WapitiRun {
  role: Role;
  /** The site's address (the scan proxy). */
  siteUrl: string;
  /** Addresses to crawl and attack beside what the crawler finds: the routes the pages' scripts call. */
  startUrls: string[];
  sessionDir: string;
  configDir: string;
  /** A JSON report's file, or an HTML report's folder. */
  report: { format: 'json' | 'html'; path: string };
  /**
   * Starts afresh (crawls and attacks), or reuses the session a run left: the attacks done are
   * skipped, so wapiti only writes the report, in another format.
   */
  session: 'fresh' | 'reuse';
}

export const wapitiLabel = (role: Role) => `wapiti as ${role}`;

/**
 * The arguments of one wapiti run. Every request goes through the scan proxy (`-p`), which
 * refuses other hosts: wapiti loads every module even when `-m` names a few, and some fetch from
 * the internet when loaded. The endpoints its payloads name point back at the proxy too.
 */
export function wapitiArgs(run: WapitiRun): string[] {
  const headers = [`${SCAN_TARGET_HEADER}: ${wapitiLabel(run.role)}`];
  if (run.role !== 'visitor') headers.push(`${SCAN_ROLE_HEADER}: ${run.role}`);
  const endpoint = `${run.siteUrl}/wapiti-endpoint/`;
  return [
    '-u',
    `${run.siteUrl}/`,
    '--scope',
    'folder',
    '-m',
    WAPITI_MODULES.join(','),
    '-p',
    run.siteUrl,
    ...headers.flatMap((header) => ['-H', header]),
    ...run.startUrls.flatMap((url) => ['-s', url]),
    '-d',
    String(WAPITI_LIMITS.depth),
    '--max-links-per-page',
    String(WAPITI_LIMITS.linksPerPage),
    '--max-scan-time',
    String(WAPITI_LIMITS.crawlSeconds),
    '--max-attack-time',
    String(WAPITI_LIMITS.moduleSeconds),
    '-t',
    String(WAPITI_LIMITS.timeoutSeconds),
    '--external-endpoint',
    endpoint,
    '--internal-endpoint',
    endpoint,
    run.session === 'fresh' ? '--flush-session' : '--skip-crawl',
    '--store-session',
    run.sessionDir,
    '--store-config',
    run.configDir,
    '--no-bugreport',
    '-v',
    '1',
    '-f',
    run.report.format,
    '-o',
    run.report.path,
  ];
}

export type WapitiKind = 'vulnerability' | 'anomaly' | 'additional';

export interface WapitiFinding {
  kind: WapitiKind;
  category: string;
  info: string;
  method: string;
  path: string;
  parameter: string;
  request: string;
}

interface ReportEntry {
  method?: string;
  path?: string;
  info?: string;
  parameter?: string;
  http_request?: string;
}

const REPORT_SECTIONS: [keyof WapitiReport, WapitiKind][] = [
  ['vulnerabilities', 'vulnerability'],
  ['anomalies', 'anomaly'],
  ['additionals', 'additional'],
];

interface WapitiReport {
  vulnerabilities?: Record<string, ReportEntry[]>;
  anomalies?: Record<string, ReportEntry[]>;
  additionals?: Record<string, ReportEntry[]>;
}

/** Every entry of a wapiti JSON report, with the section it came from. */
export function wapitiFindings(report: unknown): WapitiFinding[] {
  const sections = report as WapitiReport;
  if (!sections || typeof sections !== 'object' || !sections.vulnerabilities || !sections.anomalies) {
    throw new Error('not a wapiti JSON report: it has no vulnerabilities and anomalies');
  }
  return REPORT_SECTIONS.flatMap(([section, kind]) =>
    Object.entries(sections[section] ?? {}).flatMap(([category, entries]) =>
      entries.map((entry) => ({
        kind,
        category,
        info: entry.info ?? '',
        method: entry.method ?? '',
        path: entry.path ?? '',
        parameter: entry.parameter ?? '',
        request: entry.http_request ?? '',
      })),
    ),
  );
}

/** A finding the project has decided to live with, matched by its category and text exactly. */
export interface AcceptedFinding {
  category: string;
  info: string;
  reason: string;
}

export const ACCEPTED_WAPITI_FINDINGS: AcceptedFinding[] = [
  {
    category: 'HTTP Secure Headers',
    info: 'X-XSS-Protection is not set',
    reason:
      'helmet sends `X-XSS-Protection: 0` on purpose: the old browser XSS filter could be abused to leak page content, and the Content-Security-Policy is the defence; wapiti 3.0.4 wants `1`',
  },
  {
    category: 'HTTP Secure Headers',
    info: 'Strict-Transport-Security is not set',
    reason: 'the server sends HSTS when PUBLIC_URL is https, as in production; the scan serves plain HTTP on loopback',
  },
];

export interface WapitiVerdict {
  /** Vulnerabilities and anomalies: each fails the scan. */
  failing: WapitiFinding[];
  accepted: (WapitiFinding & { reason: string })[];
  /** Additionals: what wapiti learnt of the site (its technologies), not a fault. */
  informational: WapitiFinding[];
}

export function judgeWapitiFindings(findings: WapitiFinding[], accepted = ACCEPTED_WAPITI_FINDINGS): WapitiVerdict {
  const verdict: WapitiVerdict = { failing: [], accepted: [], informational: [] };
  for (const finding of findings) {
    const acceptance = accepted.find((a) => a.category === finding.category && a.info === finding.info);
    if (finding.kind === 'additional') verdict.informational.push(finding);
    else if (acceptance && finding.kind === 'vulnerability')
      verdict.accepted.push({ ...finding, reason: acceptance.reason });
    else verdict.failing.push(finding);
  }
  return verdict;
}

/**
 * What kept a wapiti run from attacking every page, from its console output: modules stopped at
 * --max-attack-time, modules that failed with an exception (wapiti prints the traceback and moves
 * on to the next module), a crawl stopped at --max-scan-time.
 */
export function runProblems(output: string): string[] {
  const cutShort = [...output.matchAll(/Max attack time was reached for module (\w+)/g)].map(
    ([, module]) => `module ${module} stopped at its time limit`,
  );
  const failed = [
    ...new Set([...output.matchAll(/File "[^"]*\/attack\/mod_(\w+)\.py"/g)].map(([, module]) => module)),
  ].map((module) => `module ${module} failed with an exception (its traceback is in console.log)`);
  const crawl = /Max scan time was reached/.test(output) ? ['the crawl stopped at its time limit'] : [];
  return [...cutShort, ...failed, ...crawl];
}
