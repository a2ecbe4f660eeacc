import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtFile } from './built-server.js';

export interface MainProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** Everything a child process writes to stdout and stderr, interleaved as it arrives, so far. */
export function collectOutput(child: ChildProcessByStdio<null, Readable, Readable>): () => string {
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  return () => output;
}

/**
 * The server in a process of its own, as an operator starts it (`npm start` runs its build, which the
 * test run keeps current), with `env` over this one's.
 */
export function startMain(env: Record<string, string>, args: string[] = []): MainProcess {
  const child = spawn(process.execPath, [builtFile('server/main.ts'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output };
}

/** Waits until the process answers its health route; fails with its output if it exits or never does. */
export async function untilHealthy(main: MainProcess, baseUrl: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (main.child.exitCode !== null) throw new Error(`exited with ${main.child.exitCode}: ${main.output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (attempt > 300) throw new Error(`did not start: ${main.output()}`);
    await sleep(200);
  }
}
