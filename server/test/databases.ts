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

function postgresKind(baseUrl: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async create() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-test-'));
      return {
        name: 'postgres',
        env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        async dispose() {
          const client = new pg.Client({ connectionString: baseUrl });
          await client.connect();
          await client.query(`DROP SCHEMA ${schema} CASCADE`);
          await client.end();
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
