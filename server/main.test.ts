import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/lib/production-server.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { startMain, untilHealthy } from './test/main-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('refuses to start on bad configuration and names every bad variable', async () => {
    const { exited, output } = startMain({ PORT: 'eighty', PUBLIC_URL: 'nope', DATABASE_URL: 'mysql://db' });
    expect(await exited).toBe(1);
    expect(output()).toContain('Invalid configuration');
    for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL']) expect(output()).toContain(name);
  });

  it('refuses to start in production without PUBLIC_URL, and says so in one line', async () => {
    const { exited, output } = startMain({ NODE_ENV: 'production', PUBLIC_URL: '' });
    expect(await exited).toBe(1);
    expect(output()).toMatch(
      /^ {2}- PUBLIC_URL: required when NODE_ENV=production; set it to the address readers use/m,
    );
  });

  it('refuses an unknown role and names the roles', async () => {
    const { exited, output } = startMain({}, ['--role=cron']);
    expect(await exited).toBe(1);
    expect(output()).toContain('--role: must be one of web, worker, all (got "cron")');
  });

  it('on SIGTERM closes the database and exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const main = startMain({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false' });
    await untilHealthy(main, `http://127.0.0.1:${port}`);
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    // better-sqlite3 checkpoints and removes the WAL file only when the database is closed.
    expect(existsSync(path.join(dataDir, 'site.db'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'site.db-wal'))).toBe(false);
  });

  it('on SIGTERM exits after SHUTDOWN_TIMEOUT_MS even while a request never finishes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const main = startMain({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', SHUTDOWN_TIMEOUT_MS: '500' });
    await untilHealthy(main, `http://127.0.0.1:${port}`);
    // A request whose body never arrives in full. The server's "100 Continue" says it has the
    // request in hand: from then on it waits for it as for any request in flight.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    const continued = new Promise((resolve) => socket.once('data', resolve));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    expect(String(await continued)).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write('{"email":');

    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain('Shutdown took longer than 500 ms');
    socket.destroy();
  });
});

describe('start-up failures an operator can fix', () => {
  /** Starts the server, expects it to exit 1 having printed exactly one line, and answers that line. */
  async function failureLine(env: Record<string, string>): Promise<string> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-main-'));
    dirs.push(dataDir);
    const main = startMain({ DATA_DIR: dataDir, SEED_DEMO: 'false', PUBLIC_URL: 'http://127.0.0.1', ...env });
    expect(await main.exited, main.output()).toBe(1);
    const lines = main.output().trim().split('\n');
    expect(lines, main.output()).toHaveLength(1);
    return lines[0] ?? '';
  }

  it('names a port already in use', async () => {
    const port = await freePort();
    const other = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => other.once('listening', resolve));
    try {
      expect(await failureLine({ PORT: String(port) })).toBe(
        `Cannot start: port ${port} is already in use. Stop the other process or set PORT.`,
      );
    } finally {
      other.close();
    }
  });

  it('names a HOST that is not an address of this machine', async () => {
    expect(await failureLine({ HOST: '192.0.2.1', PORT: String(await freePort()) })).toBe(
      'Cannot start: HOST 192.0.2.1 is not an address of this machine. Set HOST to one (or 0.0.0.0).',
    );
  });

  it('names a DATA_DIR it cannot create, instead of hanging', async () => {
    expect(await failureLine({ DATA_DIR: '/proc/site-data', PORT: String(await freePort()) })).toBe(
      'Cannot start: cannot create DATA_DIR /proc/site-data (ENOENT). Set DATA_DIR to a directory this user may create and write.',
    );
  });

  it('names a PostgreSQL server it cannot reach', async () => {
    const port = await freePort();
    expect(await failureLine({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/site` })).toBe(
      `Cannot start: cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED). Start it or fix DATABASE_URL.`,
    );
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('names a database that does not exist', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = '/site_no_such_database';
    const server = `${url.hostname}:${url.port || '5432'}`;
    expect(await failureLine({ DATABASE_URL: url.toString() })).toBe(
      `Cannot start: database "site_no_such_database" does not exist on PostgreSQL at ${server}. Create it (createdb site_no_such_database) or fix DATABASE_URL.`,
    );
  });

  it('names the migration that failed and why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-main-'));
    dirs.push(dataDir);
    // A database whose migrations are recorded as not applied: applying the first again fails (its
    // tables exist), whatever later migrations do on a second run.
    const handle = connectDatabase(loadConfig({ DATA_DIR: dataDir }));
    await migrateToLatest(handle);
    // biome-ignore lint/suspicious/noExplicitAny: kysely_migration is Kysely's table, not the app's
    const migrations = (handle.db as any).selectFrom('kysely_migration').select('name').orderBy('name', 'asc');
    const first: string = (await migrations.executeTakeFirstOrThrow()).name;
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await (handle.db as any).deleteFrom('kysely_migration').execute();
    await handle.close();

    const line = await failureLine({ DATA_DIR: dataDir });
    expect(line).toMatch(
      new RegExp(
        `^Cannot start: migration ${first} failed: .+\\. The database is as it was before; fix the cause and start again\\.$`,
      ),
    );
  });
});
