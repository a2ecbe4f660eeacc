import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../common/audit-rules.js';
import { loadConfig } from '../config.js';
import { connectDatabase, describeDatabase } from '../db/connect.js';
import { ACCOUNT_MESSAGES } from '../modules/accounts/service.js';
import { createUsersRepo } from '../modules/users/repo.js';
import { runCliCommand } from '../test/cli-command.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';
import { ADMIN_COMMANDS, type AdminCommand } from './admin-commands.js';

const NO_STACK_TRACE = /\n\s+at /;

describe('npm run admin without a command it can run', () => {
  it.each([
    { shown: '--help', args: ['--help'] },
    { shown: '-h', args: ['-h'] },
  ])('prints every command with its options for $shown', async ({ args }) => {
    const run = await runCliCommand('admin', args, {});
    expect(run.code).toBe(0);
    for (const expected of ['create-admin', 'promote', 'demote', 'delete-account', '--email', '--password', '--help'])
      expect(run.output).toContain(expected);
    expect(run.output).not.toMatch(NO_STACK_TRACE);
  });

  it.each([
    { shown: 'no command', args: [], reason: 'Missing command.' },
    { shown: 'an unknown command', args: ['make-admin'], reason: 'Unknown command "make-admin".' },
  ])('says why and prints the help with status 2 for $shown', async ({ args, reason }) => {
    const run = await runCliCommand('admin', args, {});
    expect(run.code).toBe(2);
    expect(run.output).toContain(reason);
    expect(run.output).toContain('create-admin');
    expect(run.output).not.toMatch(NO_STACK_TRACE);
  });

  it('names an unknown option in one line and exits with status 2', async () => {
    const run = await runCliCommand('admin', ['create-admin', '--mail', 'a@example.com'], {});
    expect(run.code).toBe(2);
    expect(run.output).toContain('--mail');
    expect(run.output.trim().split('\n')).toHaveLength(1);
    expect(run.output).not.toMatch(NO_STACK_TRACE);
  });

  it('names a missing --email in one line, exits with status 2 and creates no database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-cli-'));
    try {
      const run = await runCliCommand('admin', ['create-admin', '--name', 'Root'], { DATA_DIR: dataDir });
      expect(run.code).toBe(2);
      expect(run.output.trim()).toBe('create-admin needs --email, the address of the admin.');
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('names a bad setting in one line instead of a stack trace', async () => {
    const run = await runCliCommand('admin', ['create-admin', '--email', 'root@example.com'], {
      DATABASE_URL: 'mysql://db.example.com/site',
    });
    expect(run.code).toBe(1);
    expect(run.output.trim()).toBe('Invalid configuration: DATABASE_URL: must start with postgres:// or postgresql://');
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

  it('names the PostgreSQL port when the URL leaves it to the default', () => {
    expect(describeDatabase({ databaseUrl: 'postgres://site:s3cret@db.example.com/papers', dataDir: '/srv' })).toBe(
      'PostgreSQL site@db.example.com:5432/papers',
    );
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

  it('names the database it wrote the admin to, with the absolute path of a relative DATA_DIR', async () => {
    const dataDir = database.env.DATA_DIR ?? '';
    // Relative, as the default ./data is: the message still names the one file it wrote.
    const env = { ...database.env, DATA_DIR: path.relative(process.cwd(), dataDir) };
    const args = ['create-admin', '--email', 'root@example.com', '--name', 'Root', '--password', 'long enough pass'];
    const run = await runCliCommand('admin', args, env);
    expect(run.code).toBe(0);
    const expected =
      kind.name === 'sqlite'
        ? `SQLite ${path.join(dataDir, 'site.db')}`
        : describeDatabase({ databaseUrl: database.env.DATABASE_URL ?? null, dataDir });
    expect(run.output.trim()).toBe(`Created the verified admin root@example.com (id 1) in ${expected}.`);
  });

  it('names the database when it promotes an existing account', async () => {
    const run = await runCliCommand('admin', ['create-admin', '--email', 'root@example.com'], database.env);
    expect(run.code).toBe(0);
    const expected = describeDatabase({
      databaseUrl: database.env.DATABASE_URL ?? null,
      dataDir: database.env.DATA_DIR ?? '',
    });
    expect(run.output.trim()).toBe(
      `Promoted root@example.com to a verified admin (password unchanged) in ${expected}.`,
    );
  });

  it('names a missing --name for a new account in one line and exits with status 1', async () => {
    const run = await runCliCommand('admin', ['create-admin', '--email', 'new@example.com'], database.env);
    expect(run.code).toBe(1);
    expect(run.output.trim()).toBe('--name is required, at most 100 characters.');
  });

  it('promotes and deletes accounts by address, never the last admin, each in the audit log as the command line’s', async () => {
    const admin = (...args: string[]) => runCliCommand('admin', args, database.env);
    const where = describeDatabase({
      databaseUrl: database.env.DATABASE_URL ?? null,
      dataDir: database.env.DATA_DIR ?? '',
    });
    const handle = connectDatabase(loadConfig(database.env));
    try {
      const reader = await createUsersRepo(handle.db).insert({
        name: 'Reader',
        email: 'reader@example.com',
        passwordHash: 'x',
        verified: true,
      });
      const lastAdmin = await admin('demote', '--email', 'root@example.com');
      expect([lastAdmin.code, lastAdmin.output.trim()]).toEqual([1, ACCOUNT_MESSAGES.lastAdmin]);
      const promoted = await admin('promote', '--email', 'Reader@example.com');
      expect([promoted.code, promoted.output.trim()]).toEqual([
        0,
        `reader@example.com (id ${reader.id}) is an admin in ${where}.`,
      ]);
      const deleted = await admin('delete-account', '--email', 'reader@example.com');
      expect([deleted.code, deleted.output.trim()]).toEqual([
        0,
        `Deleted the account reader@example.com (id ${reader.id}) from ${where}; its comments stay, shown as by 'deleted user'.`,
      ]);
      const entries = await handle.db
        .selectFrom('audit_log')
        .select(['actor_id', 'action', 'object_id'])
        .where('object_id', '=', String(reader.id))
        .orderBy('id')
        .execute();
      expect(entries).toEqual(
        ['user.promoted', 'user.deleted'].map((action) => ({ actor_id: null, action, object_id: String(reader.id) })),
      );
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('leaves an entry in the audit log, as the command line’s, for what each command changes', async () => {
    const handle = connectDatabase(loadConfig(database.env));
    const users = createUsersRepo(handle.db);
    const idOf = async (email: string) => (await users.findByEmail(email))?.id;
    try {
      await users.insert({ name: 'Walker', email: 'walker@example.com', passwordHash: 'x', verified: true });
      // One run of each command that changes something, and the entry it must leave.
      const runs: Record<AdminCommand, { email: string; options?: string[]; action: AuditAction }> = {
        'create-admin': {
          email: 'fresh-admin@example.com',
          options: ['--name', 'Fresh Admin', '--password', 'long enough pass'],
          action: 'user.created',
        },
        promote: { email: 'walker@example.com', action: 'user.promoted' },
        demote: { email: 'walker@example.com', action: 'user.demoted' },
        'delete-account': { email: 'walker@example.com', action: 'user.deleted' },
      };
      for (const command of ADMIN_COMMANDS) {
        const { email, options = [], action } = runs[command];
        const last = await handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow();
        const userId = await idOf(email);
        const run = await runCliCommand('admin', [command, '--email', email, ...options], database.env);
        expect(run.code, run.output).toBe(0);
        const entries = await handle.db
          .selectFrom('audit_log')
          .select(['actor_id', 'action', 'object_type', 'object_id'])
          .where('id', '>', Number(last.id ?? 0))
          .execute();
        expect(entries, command).toEqual([
          { actor_id: null, action, object_type: 'user', object_id: String(userId ?? (await idOf(email))) },
        ]);
      }
    } finally {
      await handle.close();
    }
  }, 60_000);
});
