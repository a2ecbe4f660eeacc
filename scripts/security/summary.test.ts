import { describe, expect, it } from 'vitest';
import type { TargetCounts } from './proxy.js';
import { failures, type ScanSummary, type SqlmapRun } from './summary.js';
import { judgeWapitiFindings } from './wapiti.js';

const counts = (statuses: Record<string, number>, originRefused = 0): TargetCounts => ({
  statuses,
  originRefused,
  retriedAfter429: 0,
});

const run = (fields: Partial<SqlmapRun>): SqlmapRun => ({
  label: 'GET /api/papers/:arxivId as reader',
  route: 'GET /api/papers/:arxivId',
  role: 'reader',
  place: 'URI',
  points: [{ id: 'URI#1', input: 'path arxivId' }],
  outcome: { status: 'clean', tested: ['URI#1'] },
  seconds: 1,
  ...fields,
});

const summary = (fields: Partial<ScanSummary>): ScanSummary => ({
  seconds: 60,
  sqlmap: [run({})],
  wapiti: [{ label: 'wapiti as visitor', role: 'visitor', verdict: judgeWapitiFindings([]), problems: [], seconds: 1 }],
  counts: new Map([['GET /api/papers/:arxivId as reader', counts({ 200: 2, 400: 210, 401: 3, 403: 1, 404: 1 })]]),
  offSite: [],
  unknownInputs: [],
  sessionsRenewed: 0,
  ...fields,
});

describe('what fails a scan', () => {
  it('nothing, when every run is clean and every answer is the route’s own, refusals included', () => {
    expect(failures(summary({}))).toEqual([]);
  });

  it('an injectable input, named as the request file marked it', () => {
    const injectable = run({
      outcome: {
        status: 'injectable',
        injections: [{ point: 'URI#1', techniques: ['boolean-based blind: AND boolean-based blind'], payloads: [] }],
        tested: ['URI#1'],
      },
    });
    expect(failures(summary({ sqlmap: [injectable] }))).toEqual([
      'sqlmap: GET /api/papers/:arxivId as reader: path arxivId is injectable (boolean-based blind: AND boolean-based blind)',
    ]);
  });

  it('a run without a verdict, and a wapiti run that could not attack everything', () => {
    const incomplete = run({ outcome: { status: 'incomplete', reason: 'page not found (404)', tested: [] } });
    const wapiti = [
      {
        label: 'wapiti as admin',
        role: 'admin' as const,
        verdict: judgeWapitiFindings([]),
        problems: ['module sql stopped at its time limit'],
        seconds: 1,
      },
    ];
    expect(failures(summary({ sqlmap: [incomplete], wapiti }))).toEqual([
      'sqlmap: GET /api/papers/:arxivId as reader (URI): no verdict (page not found (404))',
      'wapiti: wapiti as admin: module sql stopped at its time limit',
    ]);
  });

  it('answers that were not the route’s: rate limits, unread bodies, Origin refusals, server errors, other hosts', () => {
    const label = 'POST /api/comments as reader';
    const failed = failures(
      summary({
        counts: new Map([[label, counts({ 201: 5, 403: 2, 415: 1, 429: 3, 500: 1, 503: 1, proxyError: 1 }, 2)]]),
        offSite: ['CONNECT example.org:443'],
      }),
    );
    expect(failed).toEqual([
      `${label}: 3 answers were 429 (rate limited), not the route's`,
      `${label}: 1 answers were 415 (the request's Content-Type), not the route's`,
      `${label}: 2 answers refused the request's Origin`,
      `${label}: 3 answers were server errors (5xx) or no answer`,
      'a scanner asked for another host: CONNECT example.org:443',
    ]);
  });
});
