import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/lib/production-server.js';
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
    // A request whose body never arrives in full: the server waits for it as for any request in flight.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    socket.on('error', () => {});

    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain('Shutdown took longer than 500 ms');
    socket.destroy();
  });
});
