import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabase } from '../db/connect.js';
import { runCliCommand } from '../test/cli-command.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';

const NO_STACK_TRACE = /\n\s+at /;

describe('npm run admin without a command it can run', () => {
  it.each([
    { shown: '--help', args: ['--help'] },
    { shown: '-h', args: ['-h'] },
    { shown: 'no command', args: [] },
  ])('prints the commands and options for $shown', async ({ args }) => {
    const run = await runCliCommand('admin', args, {});
    expect(run.code).toBe(0);
    expect(run.output).toContain('create-admin');
    expect(run.output).toContain('--email');
    expect(run.output).not.toMatch(NO_STACK_TRACE);
  });

  it('prints the help and exits with status 2 for an unknown command', async () => {
    const run = await runCliCommand('admin', ['make-admin'], {});
    expect(run.code).toBe(2);
    expect(run.output).toContain('Unknown command "make-admin"');
    expect(run.output).toContain('create-admin');
    expect(run.output).not.toMatch(NO_STACK_TRACE);
  });

  it('prints the help and exits with status 2 for an unknown option', async () => {
    const run = await runCliCommand('admin', ['create-admin', '--mail', 'a@example.com'], {});
    expect(run.code).toBe(2);
    expect(run.output).toContain('--mail');
    expect(run.output).not.toMatch(NO_STACK_TRACE);
  });
});

describe('describeDatabase', () => {
  it('names the SQLite file in DATA_DIR', () => {
    expect(describeDatabase({ databaseUrl: null, dataDir: '/srv/site' })).toBe(
      `SQLite ${path.join('/srv/site', 'site.db')}`,
    );
  });

  it('names the PostgreSQL user, host and database without the password', () => {
    const described = describeDatabase({
      databaseUrl: 'postgres://site:s3cret@db.example.com:5433/papers?sslmode=require',
      dataDir: '/srv/site',
    });
    expect(described).toBe('PostgreSQL site@db.example.com:5433/papers');
    expect(described).not.toContain('s3cret');
  });
});

describe.each(testDatabaseKinds)('npm run admin -- create-admin ($name)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('names the database it wrote the admin to', async () => {
    const args = ['create-admin', '--email', 'root@example.com', '--name', 'Root', '--password', 'long enough pass'];
    const run = await runCliCommand('admin', args, database.env);
    expect(run.code).toBe(0);
    const dataDir = database.env.DATA_DIR ?? '';
    const expected = describeDatabase({ databaseUrl: database.env.DATABASE_URL ?? null, dataDir });
    expect(run.output).toContain(`Created the verified admin root@example.com (id 1) in ${expected}.`);
    if (kind.name === 'sqlite') expect(run.output).toContain(path.join(dataDir, 'site.db'));
  });
});
