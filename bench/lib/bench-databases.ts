import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import pg from 'pg';

/**
 * A URL of BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local postgres database) whose
 * connections work in `schema`, made when missing and kept between runs (made anew when `fresh`).
 */
export async function postgresSchemaUrl(schema: string, { fresh = false } = {}): Promise<string> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  if (fresh) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** PGlite with pgvector on `dataDir` (kept between runs), served from a child process. */
export async function startPgliteServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/pglite-server.ts', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /listening (\d+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`PGlite exited with ${code}: ${output}`)));
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
