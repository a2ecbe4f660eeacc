import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates a directory and its missing parents, one at a time. Node's `mkdirSync(dir, { recursive:
 * true })` never returns where a parent that exists answers ENOENT for a new entry (/proc), so
 * DATA_DIR=/proc/site hung the server and the admin command; this throws that error instead.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !existsSync(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const part of missing) {
    try {
      mkdirSync(part);
    } catch (error) {
      // Another process made it meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
