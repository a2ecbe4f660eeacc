import { spawn } from 'node:child_process';
import { builtFile } from './built-server.js';
import { collectOutput } from './main-process.js';

/** How a command ended: its exit code, and everything it printed. */
export interface CommandRun {
  code: number | null;
  output: string;
}

/**
 * `npm run backup`, `restore` or `admin` as an operator runs it, in a process of its own, with this
 * environment (without DATABASE_URL) and `env` over it. The command runs from its build, which the
 * test run keeps current (global-setup.ts): the same code, started in a third of tsx's time.
 */
export function runCliCommand(
  command: 'backup' | 'restore' | 'admin',
  args: string[],
  env: Record<string, string>,
): Promise<CommandRun> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, [builtFile(`server/cli/${command}.ts`), ...args], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output: output() })));
}
