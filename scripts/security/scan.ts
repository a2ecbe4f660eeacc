/**
 * Security scan of the production build (`npm run test:security`): sqlmap against every input of
 * every route as a visitor, a reader and an admin, and wapiti over the site as each of them. Not part
 * of `npm test`: it needs sqlmap and wapiti (Debian packages) and takes about 80 minutes on 2 cores.
 *   npm run test:security [-- --accounts 534 --concurrency 3 --only 'comments|mcp' --skip-wapiti]
 * (--only: a pattern of the routes to scan, such as `POST /api/comments`; --accounts: per signed-in
 * role, SCAN_ACCOUNTS unless told).
 * Reports go to reports/security/; it exits non-zero on any finding or on a scan it cannot trust.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runLogged } from '../lib/run-logged.js';
import { SCAN_ACCOUNTS } from './accounts.js';
import { ROLES, type Role, type ScanRoute } from './routes.js';
import { type ScanSite, startScanSite } from './site.js';
import {
  parseSqlmapOutput,
  requestTarget,
  type SqlmapOutcome,
  type SqlmapRequest,
  sqlmapArgs,
  sqlmapRequests,
} from './sqlmap.js';
import {
  failures,
  type ScanSummary,
  type SqlmapRun,
  summaryHeadline,
  summaryMarkdown,
  type WapitiRunResult,
} from './summary.js';
import { judgeWapitiFindings, runProblems, wapitiArgs, wapitiFindings, wapitiLabel } from './wapiti.js';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: String(SCAN_ACCOUNTS) },
    concurrency: { type: 'string', default: '3' },
    only: { type: 'string' },
    'skip-wapiti': { type: 'boolean', default: false },
  },
});

const REPORTS_DIR = path.resolve('reports/security');
const SQLMAP_RUN_TIMEOUT_MS = 60 * 60_000;
const WAPITI_RUN_TIMEOUT_MS = 45 * 60_000;

function requireTools(): void {
  const missing = ['sqlmap', 'wapiti'].filter((tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error);
  if (missing.length === 0) return;
  console.error(`The security scan needs ${missing.join(' and ')}, which are not installed. On Debian or Ubuntu:`);
  console.error('  sudo apt-get install -y sqlmap wapiti');
  process.exit(2);
}

/** A name for a folder: `GET /api/papers/:arxivId as reader` → `GET_api_papers_arxivId`. */
const folderName = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** Runs the tasks, `concurrency` at a time, in order of the list. */
async function runPool(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await task?.();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** One sqlmap run of one request file; a run that gives no verdict on every marked point is incomplete. */
async function runSqlmap(request: SqlmapRequest, role: Role, route: ScanRoute, dir: string): Promise<SqlmapRun> {
  mkdirSync(dir, { recursive: true });
  const requestFile = path.join(dir, 'request.txt');
  writeFileSync(requestFile, request.text);
  const started = Date.now();
  const args = sqlmapArgs(request, requestFile, path.join(dir, 'output'));
  const run = await runLogged('sqlmap', args, path.join(dir, 'console.log'), SQLMAP_RUN_TIMEOUT_MS);
  let outcome: SqlmapOutcome = parseSqlmapOutput(run.output, request.place);
  const untested = request.points.filter((point) => !outcome.tested.includes(point.id));
  if (run.timedOut) {
    outcome = { status: 'incomplete', reason: 'stopped at the time limit', tested: outcome.tested };
  } else if (outcome.status === 'clean' && untested.length > 0) {
    const reason = `no verdict on ${untested.map((point) => point.input).join(', ')}`;
    outcome = { status: 'incomplete', reason, tested: outcome.tested };
  }
  const seconds = (Date.now() - started) / 1000;
  return {
    label: request.label,
    route: route.key,
    role,
    place: request.place,
    points: request.points,
    outcome,
    seconds,
  };
}

async function scanWithWapiti(site: ScanSite, role: Role, startUrls: string[]): Promise<WapitiRunResult> {
  const dir = path.join(REPORTS_DIR, 'wapiti', role);
  const configDir = path.join(dir, 'config');
  mkdirSync(configDir, { recursive: true });
  // wapiti loads its Wappalyzer module even when not asked to run it, and downloads its database when the file is missing.
  writeFileSync(path.join(configDir, 'apps.json'), '{}');
  const run = {
    role,
    siteUrl: site.proxy.url,
    startUrls,
    sessionDir: path.join(dir, 'session'),
    configDir,
    report: { format: 'json', path: path.join(dir, 'report.json') },
    session: 'fresh',
  } as const;
  const started = Date.now();
  const scan = await runLogged('wapiti', wapitiArgs(run), path.join(dir, 'console.log'), WAPITI_RUN_TIMEOUT_MS);
  const problems = runProblems(scan.output);
  if (scan.timedOut || scan.code !== 0)
    problems.push(`wapiti ended with ${scan.timedOut ? 'the time limit' : `code ${scan.code}`}`);
  let verdict = judgeWapitiFindings([]);
  try {
    verdict = judgeWapitiFindings(wapitiFindings(JSON.parse(readFileSync(run.report.path, 'utf8'))));
  } catch (error) {
    problems.push(`no report: ${error instanceof Error ? error.message : error}`);
  }
  const html = { ...run, report: { format: 'html', path: path.join(dir, 'html') }, session: 'reuse' } as const;
  await runLogged('wapiti', wapitiArgs(html), path.join(dir, 'console-html.log'), WAPITI_RUN_TIMEOUT_MS);
  return { label: wapitiLabel(role), role, verdict, problems, seconds: (Date.now() - started) / 1000 };
}

/** Addresses of every GET route with its example values, for wapiti to attack beside what it crawls. */
function wapitiStartUrls(site: ScanSite, role: Role): string[] {
  return site.routes
    .filter((route) => route.method === 'GET')
    .map((route) => `${site.proxy.url}${requestTarget(route, role, site.fixtures)}`);
}

async function main(): Promise<void> {
  requireTools();
  rmSync(REPORTS_DIR, { recursive: true, force: true });
  mkdirSync(REPORTS_DIR, { recursive: true });
  const started = Date.now();
  console.log('Starting the production build behind the scan proxy...');
  const site = await startScanSite(Number(values.accounts));
  const sqlmapRuns: SqlmapRun[] = [];
  const wapitiRuns: WapitiRunResult[] = [];
  const unknownInputs = new Set<string>();
  let sessionsRenewed = 0;
  try {
    const only = values.only ? new RegExp(values.only) : null;
    const routes = site.routes.filter((route) => !only || only.test(route.key));
    console.log(`${routes.length} routes take input; scanning each as ${ROLES.join(', ')}. Reports: ${REPORTS_DIR}`);
    const tasks: (() => Promise<void>)[] = [];
    if (!values['skip-wapiti']) {
      for (const role of ROLES) {
        tasks.push(async () => {
          const result = await scanWithWapiti(site, role, wapitiStartUrls(site, role)).catch(
            (error): WapitiRunResult => ({
              label: wapitiLabel(role),
              role,
              verdict: judgeWapitiFindings([]),
              problems: [`the run failed: ${error}`],
              seconds: 0,
            }),
          );
          wapitiRuns.push(result);
          console.log(
            `wapiti as ${role}: ${result.verdict.failing.length} findings, ${result.problems.length} problems (${Math.round(result.seconds)} s)`,
          );
        });
      }
    }
    // Role by role: the three scans of one route (a sign-in's are slow, every request hashing a
    // password) then run at different times, beside other routes.
    const requests = ROLES.flatMap((role) =>
      routes.flatMap((route) =>
        sqlmapRequests(route, role, site.fixtures, site.address).map((request) => ({ route, role, request })),
      ),
    );
    for (const { request } of requests)
      for (const input of request.unknownInputs) unknownInputs.add(`${request.label}: ${input}`);
    for (const { route, role, request } of requests) {
      tasks.push(async () => {
        const dir = path.join(
          REPORTS_DIR,
          'sqlmap',
          role,
          `${folderName(route.key)}${request.place === 'BODY' ? '_body' : ''}`,
        );
        const run = await runSqlmap(request, role, route, dir).catch(
          (error): SqlmapRun => ({
            label: request.label,
            route: route.key,
            role,
            place: request.place,
            points: request.points,
            outcome: { status: 'incomplete', reason: `the run failed: ${error}`, tested: [] },
            seconds: 0,
          }),
        );
        sqlmapRuns.push(run);
        for (const signedIn of ['reader', 'admin'] as const)
          if (await site.keepSignedIn(signedIn)) sessionsRenewed += 1;
        const sent = Object.values(site.proxy.counts.get(run.label)?.statuses ?? {}).reduce((a, b) => a + b, 0);
        console.log(
          `[${sqlmapRuns.length}/${requests.length}] ${run.label} (${run.place}): ${run.outcome.status} (${Math.round(run.seconds)} s; ${sent} requests to the route so far)`,
        );
      });
    }
    await runPool(tasks, Number(values.concurrency));
  } finally {
    await site.close();
  }
  const summary: ScanSummary = {
    seconds: (Date.now() - started) / 1000,
    sqlmap: sqlmapRuns,
    wapiti: wapitiRuns,
    counts: site.proxy.counts,
    offSite: site.proxy.offSite,
    unknownInputs: [...unknownInputs],
    sessionsRenewed,
  };
  writeFileSync(path.join(REPORTS_DIR, 'summary.md'), summaryMarkdown(summary));
  writeFileSync(
    path.join(REPORTS_DIR, 'summary.json'),
    JSON.stringify({ ...summary, counts: Object.fromEntries(summary.counts), failures: failures(summary) }, null, 2),
  );
  const reasons = failures(summary);
  console.log(`\n${summaryHeadline(summary)}`);
  for (const reason of reasons) console.log(`  ${reason}`);
  console.log(`Summary: ${path.join(REPORTS_DIR, 'summary.md')}`);
  process.exit(reasons.length === 0 ? 0 : 1);
}

await main();
