import type { TargetCounts } from './proxy.js';
import type { Role } from './routes.js';
import type { InjectionPoint, Place, SqlmapOutcome } from './sqlmap.js';
import type { WapitiVerdict } from './wapiti.js';

export interface SqlmapRun {
  label: string;
  route: string;
  role: Role;
  place: Place;
  points: InjectionPoint[];
  outcome: SqlmapOutcome;
  seconds: number;
}

export interface WapitiRunResult {
  label: string;
  role: Role;
  verdict: WapitiVerdict;
  /** The crawl or modules wapiti stopped at their time limits, or why the run failed. */
  problems: string[];
  seconds: number;
}

export interface ScanSummary {
  seconds: number;
  sqlmap: SqlmapRun[];
  wapiti: WapitiRunResult[];
  counts: Map<string, TargetCounts>;
  offSite: string[];
  unknownInputs: string[];
  sessionsRenewed: number;
}

const orNone = (lines: string[]) => (lines.length > 0 ? lines : ['None.']);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const requestsOf = (counts: TargetCounts | undefined) => sum(Object.values(counts?.statuses ?? {}));

/**
 * Every reason the scan fails: findings of either tool, and anything that makes its "no finding"
 * untrustworthy (a run without a verdict on every point, answers that were rate limits or Origin
 * refusals rather than the route's, server errors, a request for another host).
 */
export function failures(summary: ScanSummary): string[] {
  const reasons: string[] = [];
  for (const run of summary.sqlmap) {
    if (run.outcome.status === 'injectable') {
      for (const injection of run.outcome.injections) {
        const input = run.points.find((point) => point.id === injection.point)?.input ?? injection.point;
        reasons.push(`sqlmap: ${run.label}: ${input} is injectable (${injection.techniques.join('; ')})`);
      }
    } else if (run.outcome.status === 'incomplete') {
      reasons.push(`sqlmap: ${run.label} (${run.place}): no verdict (${run.outcome.reason})`);
    }
  }
  for (const run of summary.wapiti) {
    for (const finding of run.verdict.failing) {
      const where = `${finding.method} ${finding.path}${finding.parameter ? ` (${finding.parameter})` : ''}`;
      reasons.push(`wapiti: ${run.label}: ${finding.kind} ${finding.category}: ${finding.info} at ${where}`);
    }
    for (const problem of run.problems) reasons.push(`wapiti: ${run.label}: ${problem}`);
  }
  for (const [label, counts] of summary.counts) {
    const limited = counts.statuses[429] ?? 0;
    const unreadBody = counts.statuses[415] ?? 0;
    const serverErrors = sum(
      Object.entries(counts.statuses)
        .filter(([status]) => !/^[1-4]/.test(status))
        .map(([, n]) => n),
    );
    if (limited > 0) reasons.push(`${label}: ${limited} answers were 429 (rate limited), not the route's`);
    if (unreadBody > 0)
      reasons.push(`${label}: ${unreadBody} answers were 415 (the request's Content-Type), not the route's`);
    if (counts.originRefused > 0)
      reasons.push(`${label}: ${counts.originRefused} answers refused the request's Origin`);
    if (serverErrors > 0) reasons.push(`${label}: ${serverErrors} answers were server errors (5xx) or no answer`);
  }
  for (const request of summary.offSite) reasons.push(`a scanner asked for another host: ${request}`);
  return reasons;
}

/** The runs of each route and role (one per place that holds marks), in the order they ended. */
function runsByLabel(runs: SqlmapRun[]): Map<string, SqlmapRun[]> {
  const grouped = new Map<string, SqlmapRun[]>();
  for (const run of runs) grouped.set(run.label, [...(grouped.get(run.label) ?? []), run]);
  return grouped;
}

function statusText(counts: TargetCounts | undefined): string {
  const statuses = Object.entries(counts?.statuses ?? {}).map(([status, n]) => `${status}×${n}`);
  return statuses.join(' ') || 'none';
}

/** The summary as Markdown: figures first, then every finding, then requests per route and role. */
export function summaryMarkdown(summary: ScanSummary): string {
  const reasons = failures(summary);
  const injectable = summary.sqlmap.filter((run) => run.outcome.status === 'injectable');
  const wapitiFailing = sum(summary.wapiti.map((run) => run.verdict.failing.length));
  const routes = new Set(summary.sqlmap.map((run) => run.route));
  const total = sum([...summary.counts.values()].map(requestsOf));
  const lines = [
    '# Security scan',
    '',
    `Result: ${reasons.length === 0 ? 'PASS' : `FAIL (${reasons.length} problems)`}`,
    '',
    `- Duration: ${(summary.seconds / 60).toFixed(1)} min`,
    `- Requests sent: ${total}`,
    `- sqlmap: ${injectable.length} injectable runs of ${summary.sqlmap.length} (${routes.size} routes × roles ${[...new Set(summary.sqlmap.map((run) => run.role))].join(', ')}), ${sum(summary.sqlmap.map((run) => run.points.length))} injection points`,
    `- wapiti: ${wapitiFailing} vulnerabilities and anomalies, ${sum(summary.wapiti.map((run) => run.verdict.accepted.length))} accepted, ${sum(summary.wapiti.map((run) => run.verdict.informational.length))} informational (runs as ${summary.wapiti.map((run) => run.role).join(', ')})`,
    `- Sessions signed in again during the scan: ${summary.sessionsRenewed}`,
    '',
    '## Problems',
    '',
    ...orNone(reasons.map((reason) => `- ${reason}`)),
    '',
    '## Accepted wapiti findings',
    '',
    ...orNone(
      summary.wapiti.flatMap((run) =>
        run.verdict.accepted.map(
          (finding) => `- ${run.label}: ${finding.category}: ${finding.info} (${finding.reason})`,
        ),
      ),
    ),
    '',
    '## Inputs without an example value (filled by type)',
    '',
    ...orNone(summary.unknownInputs.map((input) => `- ${input}`)),
    '',
    '## Requests per route and role',
    '',
    '| Scan | Points | Verdict | Requests | Answers | 429s retried |',
    '| --- | ---: | --- | ---: | --- | ---: |',
    ...[...runsByLabel(summary.sqlmap)].map(([label, runs]) => {
      const counts = summary.counts.get(label);
      const statuses = runs.map((run) => run.outcome.status);
      const verdict = ['injectable', 'incomplete', 'clean'].find((status) => statuses.includes(status as never));
      const points = sum(runs.map((run) => run.points.length));
      return `| ${label} | ${points} | ${verdict} | ${requestsOf(counts)} | ${statusText(counts)} | ${counts?.retriedAfter429 ?? 0} |`;
    }),
    ...summary.wapiti.map((run) => {
      const counts = summary.counts.get(run.label);
      return `| ${run.label} | | ${run.verdict.failing.length === 0 && run.problems.length === 0 ? 'clean' : 'findings'} | ${requestsOf(counts)} | ${statusText(counts)} | ${counts?.retriedAfter429 ?? 0} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

/** The figures the console ends with. */
export function summaryHeadline(summary: ScanSummary): string {
  const sqlmapFindings = sum(
    summary.sqlmap.map((run) => (run.outcome.status === 'injectable' ? run.outcome.injections.length : 0)),
  );
  const wapitiFindings = sum(summary.wapiti.map((run) => run.verdict.failing.length));
  const routes = new Set(summary.sqlmap.map((run) => run.route)).size;
  const roles = new Set(summary.sqlmap.map((run) => run.role)).size;
  const total = sum([...summary.counts.values()].map(requestsOf));
  return [
    `Findings: sqlmap ${sqlmapFindings}, wapiti ${wapitiFindings}`,
    `Scanned: ${routes} routes × ${roles} roles (${summary.sqlmap.length} sqlmap runs), wapiti as ${summary.wapiti.length} roles`,
    `Requests sent: ${total} in ${(summary.seconds / 60).toFixed(1)} min`,
  ].join('\n');
}
