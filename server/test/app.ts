import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DbHandle } from '../db/connect.js';
import { createLogger } from '../logger.js';
import { createServices, type Services, type ServicesOptions } from '../services.js';
import { openDatabase } from '../startup.js';
import type { TestDatabase, TestDatabaseKind } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  services: Services;
  webDir: string;
  close(): Promise<void>;
}

/** A stand-in for the built SPA, so server tests need no web build. */
function fakeWebDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><meta name="description" content="default" /><title>Default</title><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log("app")');
  return dir;
}

/** Options of a test app; password hashes cost 1/128 of the real cost unless a test sets it. */
export type TestAppOptions = Pick<
  ServicesOptions,
  | 'mailRetryDelaysMs'
  | 'passwordCost'
  | 'redisKeyPrefix'
  | 'arxivSpacingMs'
  | 'arxiv'
  | 'workerOptions'
  | 'digestClock'
  | 'textEmbedder'
  | 'embedderOptions'
  | 'searchVectorDeadlineMs'
  | 'searchSimilarityFloor'
  | 'searchModelDeadlineMs'
> &
  Pick<AppOptions, 'ssrEntryFile' | 'onRoute'> & {
    /** Where the log goes (with LOG_LEVEL in env), for tests that read it. */
    logDestination?: DestinationStream;
  };

export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

/**
 * How long a test app's searches wait for the question's vector past full text: on a busy machine
 * the real encoder can miss the site's few milliseconds, and a test of ranking would see full text alone.
 */
const TEST_SEARCH_VECTOR_DEADLINE_MS = 10_000;

export async function startTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...database.env, ...env });
  const log = createLogger(config.logLevel, options.logDestination);
  const handle = await openDatabase(config, log);
  const webDir = fakeWebDir();
  const services = createServices({
    config,
    handle,
    log,
    mailRetryDelaysMs: options.mailRetryDelaysMs ?? [50, 100],
    passwordCost: options.passwordCost ?? TEST_PASSWORD_COST,
    redisKeyPrefix: options.redisKeyPrefix,
    arxivSpacingMs: options.arxivSpacingMs ?? 10,
    arxiv: options.arxiv,
    workerOptions: options.workerOptions,
    digestClock: options.digestClock,
    textEmbedder: options.textEmbedder,
    embedderOptions: options.embedderOptions,
    searchVectorDeadlineMs: options.searchVectorDeadlineMs ?? TEST_SEARCH_VECTOR_DEADLINE_MS,
    searchSimilarityFloor: options.searchSimilarityFloor,
    searchModelDeadlineMs: options.searchModelDeadlineMs,
  });
  const app = await buildApp({ services, webDir, ssrEntryFile: options.ssrEntryFile, onRoute: options.onRoute });
  return {
    app,
    handle,
    services,
    webDir,
    async close() {
      await app.close();
      await services.close();
      await handle.close();
    },
  };
}

/** An app on a fresh database of `kind` for the length of `use`, cleaned up however `use` ends. */
export async function withTestApp<T>(
  kind: TestDatabaseKind,
  env: Record<string, string>,
  use: (target: TestApp, database: TestDatabase) => Promise<T>,
  options: TestAppOptions = {},
): Promise<T> {
  const database = await kind.create();
  const target = await startTestApp(database, env, options);
  try {
    return await use(target, database);
  } finally {
    await target.close();
    await database.dispose();
  }
}

/**
 * An app on a fresh database of `kind` from beforeAll to afterAll of the calling describe block.
 * `env` is read in beforeAll, so it may use what earlier beforeAll hooks set up (an SMTP server).
 */
export function useTestApp(
  kind: TestDatabaseKind,
  env: () => Record<string, string> = () => ({}),
  options: TestAppOptions = {},
): TestApp {
  const target = {} as TestApp;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await kind.create();
    Object.assign(target, await startTestApp(database, env(), options));
  }, 180_000);
  afterAll(async () => {
    await target.close?.();
    await database?.dispose();
  });
  return target;
}
