import { spawn } from 'node:child_process';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { builtFile } from '../test/built-server.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';
import { connectDatabase, type DbHandle } from './connect.js';
import { MigrationFailedError, migrateToLatest } from './migrate.js';
import { migrationsFor } from './migrations/index.js';

// biome-ignore lint/suspicious/noExplicitAny: these tests make tables outside the app's schema
type AnyDb = Kysely<any>;

function startMigratingProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [builtFile('server/test/migrating-process.ts')], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

async function tableNames(handle: DbHandle): Promise<string[]> {
  return (await handle.db.introspection.getTables()).map((table) => table.name);
}

describe.each(testDatabaseKinds)('migrations on $name', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function freshDatabase(): Promise<{ database: TestDatabase; open: () => DbHandle }> {
    const database = await kind.create();
    cleanups.push(() => database.dispose());
    const open = () => {
      const handle = connectDatabase(loadConfig(database.env));
      cleanups.push(() => handle.close());
      return handle;
    };
    return { database, open };
  }

  it('two processes migrating one fresh database at once both succeed, one after the other', async () => {
    const { database, open } = await freshDatabase();
    const processes = [startMigratingProcess(database.env), startMigratingProcess(database.env)];
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.child.stdin.write('go\n');
    for (const p of processes) {
      expect(await p.exited, p.output()).toBe(0);
      expect(p.output()).toContain('migrated');
    }

    const handle = open();
    const applied = await (handle.db as AnyDb).selectFrom('kysely_migration').select('name').orderBy('name').execute();
    expect(applied.map((row) => row.name)).toEqual([...Object.keys(migrationsFor(kind.name)), '9999_slow_probe']);
    expect(await (handle.db as AnyDb).selectFrom('migration_probe').selectAll().execute()).toEqual([{ id: 1 }]);
    expect(await tableNames(handle)).toEqual(expect.arrayContaining(['papers', 'users', 'sessions']));
  });

  it('migrates a database while another one on the same server is migrated already', async () => {
    const [first, second] = [await freshDatabase(), await freshDatabase()];
    await migrateToLatest(first.open());
    const handle = second.open();
    await migrateToLatest(handle);
    expect(await tableNames(handle)).toEqual(expect.arrayContaining(['papers', 'users', 'sessions']));
  });

  it.runIf(kind.name === 'postgres')(
    'migrates a second site in another schema of a database whose first site is migrated already',
    async () => {
      const { database, open } = await freshDatabase();
      await migrateToLatest(open());
      const url = new URL(database.env.DATABASE_URL as string);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query('CREATE SCHEMA second_site');
      await client.end();
      url.searchParams.set('options', '-c search_path=second_site');
      const secondSite = connectDatabase(loadConfig({ ...database.env, DATABASE_URL: url.toString() }));
      cleanups.push(() => secondSite.close());
      await migrateToLatest(secondSite);
      const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'second_site'`.execute(secondSite.db);
      expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['papers', 'users', 'kysely_migration']));
    },
  );

  it('a migration that throws half-way leaves the schema as it was, and a later run completes', async () => {
    const { open } = await freshDatabase();
    const handle = open();
    const first = {
      async up(db: AnyDb) {
        await db.schema.createTable('first_table').addColumn('id', 'integer').execute();
      },
    };
    const halfWay = {
      async up(db: AnyDb) {
        await db.schema.createTable('half_table').addColumn('id', 'integer').execute();
        await db.insertInto('half_table').values({ id: 1 }).execute();
        throw new Error('the second half went wrong');
      },
    };

    const failure = await migrateToLatest(handle, { '0001_first': first, '0002_half': halfWay }).catch((e) => e);
    expect(failure).toBeInstanceOf(MigrationFailedError);
    expect(failure.message).toBe('Migration 0002_half failed: the second half went wrong');
    expect(await tableNames(handle)).not.toEqual(expect.arrayContaining(['half_table']));
    expect(await tableNames(handle)).not.toEqual(expect.arrayContaining(['first_table']));
    const { rows } = await sql<{ count: number }>`select count(*) as count from kysely_migration`.execute(handle.db);
    expect(Number(rows[0]?.count)).toBe(0);

    const fixed = {
      async up(db: AnyDb) {
        await db.schema.createTable('half_table').addColumn('id', 'integer').execute();
      },
    };
    await migrateToLatest(handle, { '0001_first': first, '0002_half': fixed });
    expect(await tableNames(handle)).toEqual(expect.arrayContaining(['first_table', 'half_table']));
  });
});
