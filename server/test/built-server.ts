import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The sources the server's build (tsconfig.server.json) compiles into dist/. */
const SOURCE_DIRS = ['common', 'server', 'scripts'];
const BUILT_MAIN = 'dist/server/main.js';

function newestSource(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|json)$/.test(file) && !file.endsWith('.test.ts'))
    .reduce((newest, file) => Math.max(newest, statSync(path.join(dir, file)).mtimeMs), 0);
}

function builtAt(): number {
  try {
    return statSync(BUILT_MAIN).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Compiles the server when a source is newer than its build (`npm test` builds before the tests, so
 * there it does nothing): tests start the server and its commands from dist/, as `npm start` does.
 */
export function ensureServerBuilt(): void {
  if (Math.max(...SOURCE_DIRS.map(newestSource)) <= builtAt()) return;
  console.log('The server build is older than its sources: compiling it for the tests (npm run build:server).');
  execSync('npm run build:server', { stdio: 'inherit' });
}

/** The compiled file of a server source: "server/cli/admin.ts" → "dist/server/cli/admin.js". */
export function builtFile(source: string): string {
  return path.join('dist', source.replace(/\.ts$/, '.js'));
}
