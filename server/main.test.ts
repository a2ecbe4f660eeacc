import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/lib/production-server.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startMain(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  it('refuses to start on bad configuration and names every bad variable', async () => {
    const { exited, output } = startMain({ PORT: 'eighty', PUBLIC_URL: 'nope', DATABASE_URL: 'mysql://db' });
    expect(await exited).toBe(1);
    expect(output()).toContain('Invalid configuration');
    for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL']) expect(output()).toContain(name);
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
    const { child, exited, output } = startMain({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false' });
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        if (attempt > 150) throw new Error(`did not start: ${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // better-sqlite3 checkpoints and removes the WAL file only when the database is closed.
    expect(existsSync(path.join(dataDir, 'site.db'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'site.db-wal'))).toBe(false);
  });
});
