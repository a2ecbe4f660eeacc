import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Builds the production server and SPA when their output is missing. */
export function ensureBuilt(): void {
  execSync('node scripts/ensure-built.mjs', { stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `node dist/server/main.js` with the given environment (on env.PORT or a free port) and
 * arguments (`--role=web`), and waits for it. PUBLIC_URL defaults to the address it listens on,
 * which production mode requires.
 */
export async function startProductionServer(env: Record<string, string>, args: string[] = []): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js', ...args], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(200);
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The production build, built when missing, on a fresh data directory that it seeds with the demo
 * papers as `npm start` does; the directory goes when the server stops.
 */
export async function startDemoServer(
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<RunningServer & { dataDir: string }> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-demo-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startProductionServer({ DATA_DIR: dataDir, ...env }, args);
    return {
      ...server,
      dataDir,
      async stop() {
        await server.stop();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
