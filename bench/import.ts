/**
 * Bulk import benchmark: `npm run import` of a JSON-lines file into a fresh SQLite database and a
 * fresh PostgreSQL schema, queued and --processed; prints time and the import process's peak memory.
 *   npm run bench:import [-- FILE --only sqlite|postgres --mode queue|processed]
 * FILE defaults to the shared 42,639 papers. PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres; the schema bench_import there is made for each run and dropped after.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';

const DEFAULT_FILE = fileURLToPath(new URL('../../shared/data/arxiv/papers-ai.jsonl.gz', import.meta.url));
const IMPORT_CLI = fileURLToPath(new URL('../server/cli/import.ts', import.meta.url));
const SCHEMA = 'bench_import';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { only: { type: 'string' }, mode: { type: 'string' } },
});
const file = positionals[0] ?? DEFAULT_FILE;
const dialects = ['sqlite', 'postgres'].filter((name) => !values.only || values.only === name);
const modes = ['queue', 'processed'].filter((mode) => !values.mode || values.mode === mode);

const postgresBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresBase });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function freshPostgres(): Promise<Record<string, string>> {
  await onPostgres(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await onPostgres(`CREATE SCHEMA ${SCHEMA}`);
  const url = new URL(postgresBase);
  url.searchParams.set('options', `-c search_path=${SCHEMA}`);
  return { DATABASE_URL: url.toString() };
}

/** Runs the import command as an operator would, in its own process, so its peak memory is its own. */
async function runImport(env: Record<string, string>, mode: string): Promise<string> {
  const args = ['--import', 'tsx', IMPORT_CLI, file, ...(mode === 'processed' ? ['--processed'] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    maxBuffer: 10 * 1024 * 1024,
  });
  return stdout.trim().split('\n').at(-1) ?? '';
}

console.log(`importing ${file}`);
console.log('database   mode       time     peak memory  result');
for (const dialect of dialects) {
  for (const mode of modes) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
    try {
      const env = { DATA_DIR: dataDir, ...(dialect === 'postgres' ? await freshPostgres() : {}) };
      const summary = await runImport(env, mode);
      const [, counts = summary, seconds = '?', megabytes = '?'] =
        /: (.*); ([\d.]+) s, peak memory (\d+) MB\.$/.exec(summary) ?? [];
      console.log(
        `${dialect.padEnd(10)} ${mode.padEnd(10)} ${`${seconds} s`.padEnd(8)} ${`${megabytes} MB`.padEnd(12)} ${counts}`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      // Kysely's migrator looks for its tables in every schema, so leftovers would confuse the tests
      // that share this database.
      if (dialect === 'postgres') await onPostgres(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    }
  }
}
