import { BackupRefusal } from '../backup/refusal.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';

/**
 * Runs `step` and answers its result; a refusal, or an argument error when `usage` is given, prints
 * its message (and the usage) and ends the process with status 1. Anything else keeps its stack.
 */
export function stopOnRefusal<T>(usage: string | null, step: () => T): T {
  const stop = (error: unknown): never => {
    const known = error instanceof BackupRefusal || error instanceof DataDirLockedError || usage !== null;
    if (!known) throw error;
    console.error(usage ? `${(error as Error).message}\n${usage}` : (error as Error).message);
    process.exit(1);
  };
  try {
    const result = step();
    return (result instanceof Promise ? result.catch(stop) : result) as T;
  } catch (error) {
    return stop(error);
  }
}

/** A size as an operator reads it: 812 KB, 41.3 MB. */
export function describeBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
