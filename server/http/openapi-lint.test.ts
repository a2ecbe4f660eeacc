import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { fetchApiDocument } from '../test/openapi.js';
import { operationIdOf } from './openapi.js';

const root = path.resolve(import.meta.dirname, '../..');
const redocly = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

/** Lints the document with Redocly's CLI and the repository's config and ignore file, offline. */
async function lint(document: unknown): Promise<LintProblem[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  try {
    for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
      copyFileSync(path.join(root, file), path.join(dir, file));
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [redocly, 'lint', 'openapi.json', '--format=json', '--max-problems=1000'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems.filter(
      (problem) => problem.severity !== 'ignore',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The document does not depend on the database: SQLite alone.
const sqlite = testDatabaseKinds.filter((kind) => kind.name === 'sqlite');

describe.each(sqlite)('API document under a standard linter ($name)', (kind) => {
  const target = useTestApp(kind, () => ({ PUBLIC_URL: 'https://digest.example' }));

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const problems = await lint(await fetchApiDocument(target.app));
    expect(problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual(
      [],
    );
  }, 60_000);

  it('names the session cookie, the server, the licence and a unique id for every operation', async () => {
    const document = (await fetchApiDocument(target.app)) as unknown as {
      servers: { url: string }[];
      info: { license: { identifier: string } };
      components: { securitySchemes: Record<string, { in: string; name: string }> };
      paths: Record<string, Record<string, { operationId: string; security: Record<string, string[]>[] }>>;
    };
    expect(document.servers[0]?.url).toBe('https://digest.example');
    expect(document.info.license.identifier).toBe('Apache-2.0');
    expect(document.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'sid' });
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/bookmarks']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/users']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/papers']?.get?.security).toEqual([{}, { session: [] }]);
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([{}, { session: [] }]);
  });

  it('declares the 403 a cross-site request gets on every route that changes something', async () => {
    const document = (await fetchApiDocument(target.app)) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/auth/logout']?.post?.responses ?? {})).toContain('403');
    expect(Object.keys(document.paths['/api/comments']?.post?.responses ?? {})).toContain('403');
    expect(Object.keys(document.paths['/api/papers']?.get?.responses ?? {})).not.toContain('403');
    const refused = await target.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('names an operation by its method and path', () => {
    expect(operationIdOf('GET', '/api/papers/{arxivId}/categories')).toBe('getPapersByArxivIdCategories');
    expect(operationIdOf('POST', '/api/digest-subscription/one-click')).toBe('postDigestSubscriptionOneClick');
  });
});
