import { defineConfig } from 'vitest/config';

/**
 * Server and web test files run three at a time (vitest's default is one file on a 2-core machine):
 * most of a file's time is spent waiting on a database, SMTP or a child process. Each PostgreSQL
 * test file has a database of its own (server/test/databases.ts), so files do not meet there.
 */
const FILES_AT_ONCE = 3;

/**
 * Files that run the bundled encoder keep both cores busy themselves, and the encoder's pace is what
 * some of them test (a short request overtaking a long one, a deadline): they run after the others.
 */
const ENCODER_FILES = [
  'server/http/route-fuzz.test.ts',
  'server/jobs/embed-papers.test.ts',
  'server/modules/mcp/mcp-search.test.ts',
  'server/modules/search/search-scope.test.ts',
  'server/modules/search/search.test.ts',
  'server/modules/search/vector-deadline.test.ts',
  'server/providers/embeddings/text-embedder.test.ts',
  'server/providers/embeddings/turns.test.ts',
  'server/providers/embeddings/use-lite.test.ts',
];

const webTest = {
  environment: 'jsdom',
  // Three files at once on two cores: a test that renders a whole route may pass vitest's 5 s.
  testTimeout: 20_000,
  sequence: { groupOrder: 2 },
};

const serverTest = {
  environment: 'node',
  // Files share a worker's modules instead of importing the app anew (a third of the time on two
  // cores): each test builds its app, database and servers itself, and no server test replaces a
  // module.
  isolate: false,
  globalSetup: ['server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ENCODER_FILES,
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server-encoder',
          include: ENCODER_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          ...webTest,
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          // Isolated, vitest's default: each file has modules and a jsdom of its own. Shared, a
          // module's store (sonner's toasts, a query's answer) outlived its file and failed the next.
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          // Two files at a time, last: a file drives its server and Chromium, which leave about
          // half of the two cores idle while pages load and mails arrive.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
