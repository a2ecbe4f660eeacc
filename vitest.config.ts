import { defineConfig } from 'vitest/config';

/**
 * Files of the server and web projects run three at a time: most of a server test's time is spent
 * waiting on a database, a mail server or a child process, so a third file keeps the two cores busy
 * (vitest's default is one file on a 2-core machine).
 */
const UNIT_FILES_AT_ONCE = 3;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          maxWorkers: UNIT_FILES_AT_ONCE,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          maxWorkers: UNIT_FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
