import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A database for one test file: SQLite in a temp dir, or a fresh schema on TEST_DATABASE_URL. */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

function sqliteKind(): TestDatabaseKind {
  return {
    name: 'sqlite',
    async create() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-test-'));
      return {
        name: 'sqlite',
        env: { DATA_DIR: dataDir },
        dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  };
}

/**
 * One database per test file, not one schema: Kysely's migrator reads the tables of every schema in
 * its database, so a schema dropped by a file that ended would fail another file's migration.
 */
function postgresKind(baseUrl: string): TestDatabaseKind {
  async function onServer(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  return {
    name: 'postgres',
    async create() {
      const database = `test_${randomBytes(6).toString('hex')}`;
      await onServer(`CREATE DATABASE ${database}`);
      const url = new URL(baseUrl);
      url.pathname = `/${database}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-test-'));
      return {
        name: 'postgres',
        env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        async dispose() {
          await onServer(`DROP DATABASE ${database} WITH (FORCE)`);
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabaseKinds: TestDatabaseKind[] = [
  sqliteKind(),
  ...(process.env.TEST_DATABASE_URL ? [postgresKind(process.env.TEST_DATABASE_URL)] : []),
];
