import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export interface LoggedRun {
  /** The exit code, or null when a signal ended it. */
  code: number | null;
  /** Its standard output and error, interleaved as they came. */
  output: string;
  timedOut: boolean;
}

/**
 * Runs a command to its end, its output written to `logFile` as it comes and kept for the caller;
 * past `timeoutMs` it is ended (SIGTERM, then SIGKILL ten seconds later).
 */
export function runLogged(command: string, args: string[], logFile: string, timeoutMs: number): Promise<LoggedRun> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      log.end();
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      log.end(() => resolve({ code, output, timedOut }));
    });
  });
}
