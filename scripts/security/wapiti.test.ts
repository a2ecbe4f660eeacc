import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  judgeWapitiFindings,
  runProblems,
  WAPITI_MODULES,
  type WapitiFinding,
  wapitiArgs,
  wapitiFindings,
} from './wapiti.js';

/** A real wapiti 3.0.4 JSON report of a small server with a reflected XSS and a parameter that crashes it. */
const report = JSON.parse(readFileSync(new URL('fixtures/wapiti-report.json', import.meta.url), 'utf8'));

const finding = (fields: Partial<WapitiFinding>): WapitiFinding => ({
  kind: 'vulnerability',
  category: 'HTTP Secure Headers',
  info: '',
  method: 'GET',
  path: '/',
  parameter: '',
  request: '',
  ...fields,
});

describe('wapiti reports', () => {
  it('lists each vulnerability and anomaly of a report with its place', () => {
    const findings = wapitiFindings(report);
    expect(findings.map(({ kind, category, path, parameter }) => ({ kind, category, path, parameter }))).toEqual([
      { kind: 'vulnerability', category: 'Cross Site Scripting', path: '/hello', parameter: 'name' },
      { kind: 'anomaly', category: 'Internal Server Error', path: '/crash', parameter: 'x' },
    ]);
    expect(findings[0]?.request).toContain('GET /hello?name=%3CScRiPt%3E');
  });

  it('refuses a file that is not a wapiti report rather than reading it as clean', () => {
    expect(() => wapitiFindings({ classifications: {} })).toThrow(/not a wapiti JSON report/);
  });

  it('fails on vulnerabilities and anomalies, passes accepted findings and informational additionals', () => {
    const verdict = judgeWapitiFindings([
      ...wapitiFindings(report),
      finding({ info: 'X-XSS-Protection is not set' }),
      finding({ info: 'X-Frame-Options is not set' }),
      finding({ kind: 'anomaly', info: 'X-XSS-Protection is not set' }),
      finding({ kind: 'additional', category: 'Fingerprint web technology', info: 'Fastify' }),
    ]);
    expect(verdict.failing.map((f) => f.info)).toEqual([
      'XSS vulnerability found via injection in the parameter name',
      'The server responded with a 500 HTTP error code while attempting to inject a payload in the parameter x',
      'X-Frame-Options is not set',
      'X-XSS-Protection is not set',
    ]);
    expect(verdict.accepted.map((f) => f.info)).toEqual(['X-XSS-Protection is not set']);
    expect(verdict.informational.map((f) => f.info)).toEqual(['Fastify']);
  });

  it('names the modules that stopped at their time limit or failed, and a crawl cut short', () => {
    const output = [
      'Max scan time was reached, stopping.',
      'Max attack time was reached for module blindsql, stopping.',
      '[*] Launching module backup',
      "ValueError Port could not be cast to integer value as '421~43'",
      '  File "/usr/lib/python3/dist-packages/wapitiCore/main/wapiti.py", line 390, in attack',
      '  File "/usr/lib/python3/dist-packages/wapitiCore/attack/mod_backup.py", line 79, in attack',
      '[*] Launching module xss',
    ].join('\n');
    expect(runProblems(output)).toEqual([
      'module blindsql stopped at its time limit',
      'module backup failed with an exception (its traceback is in console.log)',
      'the crawl stopped at its time limit',
    ]);
    expect(runProblems('[*] Launching module xss\n[*] Launching module sql\n')).toEqual([]);
  });
});

describe('wapiti arguments', () => {
  const run = {
    role: 'reader' as const,
    siteUrl: 'http://127.0.0.1:4000',
    startUrls: ['http://127.0.0.1:4000/api/papers?page=1'],
    sessionDir: '/tmp/session',
    configDir: '/tmp/config',
    report: { format: 'json' as const, path: '/tmp/report.json' },
    session: 'fresh' as const,
  };
  const optionValue = (args: string[], option: string) => args[args.indexOf(option) + 1];

  it('runs the listed modules only, none of which calls another host', () => {
    const args = wapitiArgs(run);
    expect(optionValue(args, '-m')?.split(',')).toEqual([...WAPITI_MODULES]);
    for (const external of ['ssrf', 'xxe', 'nikto', 'wapp']) expect(WAPITI_MODULES).not.toContain(external);
  });

  it('sends everything through the scan proxy, as the role, with the payloads’ endpoints on the site', () => {
    const args = wapitiArgs(run);
    expect(optionValue(args, '-p')).toBe('http://127.0.0.1:4000');
    expect(args.filter((_, i) => args[i - 1] === '-H')).toEqual([
      'x-scan-target: wapiti as reader',
      'x-scan-role: reader',
    ]);
    expect(optionValue(args, '--external-endpoint')).toBe('http://127.0.0.1:4000/wapiti-endpoint/');
    expect(optionValue(args, '-s')).toBe('http://127.0.0.1:4000/api/papers?page=1');
    expect(args).toContain('--no-bugreport');
  });

  it('writes the HTML report from the session a run left, without attacking again', () => {
    const args = wapitiArgs({ ...run, report: { format: 'html', path: '/tmp/html' }, session: 'reuse' });
    expect(args).toContain('--skip-crawl');
    expect(args).not.toContain('--flush-session');
    expect(optionValue(args, '-f')).toBe('html');
  });
});
