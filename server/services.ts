import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { DbHandle } from './db/connect.js';
import { createDatabaseLimitStore } from './http/limit-store-database.js';
import { createMemoryLimitStore } from './http/limit-store-memory.js';
import { createRedisLimitStore } from './http/limit-store-redis.js';
import { createRateLimiter, type LimitStore } from './http/rate-limiter.js';
import { createPasswordHasher, type ScryptCost } from './modules/auth/passwords.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessions } from './modules/auth/sessions.js';
import { createBookmarksRepo } from './modules/bookmarks/repo.js';
import { createBookmarksService } from './modules/bookmarks/service.js';
import { createCategoriesRepo } from './modules/categories/repo.js';
import { createCategoriesService } from './modules/categories/service.js';
import { createCommentsRepo } from './modules/comments/repo.js';
import { createCommentsService } from './modules/comments/service.js';
import { createPaperAdminRepo } from './modules/papers/admin-repo.js';
import { createPaperAdminService } from './modules/papers/admin-service.js';
import { type ContentVersion, listenForChanges, readOnEveryCall } from './modules/papers/content-version.js';
import { createPapersRepo } from './modules/papers/repo.js';
import { createPapersService } from './modules/papers/service.js';
import { createUploadsRepo } from './modules/uploads/repo.js';
import { createUploadsService } from './modules/uploads/service.js';
import { createUsersRepo } from './modules/users/repo.js';
import { createUsersService } from './modules/users/service.js';
import { createMailer } from './providers/mail/mailer.js';

export interface ServicesOptions {
  config: AppConfig;
  handle: DbHandle;
  log: FastifyBaseLogger;
  /** Waits between mail attempts; tests shorten them. */
  mailRetryDelaysMs?: number[];
  /** The scrypt cost of new password hashes; tests lower it to stay fast. */
  passwordCost?: ScryptCost;
  /** Prefixes the rate-limit keys in Redis; tests keep theirs apart. */
  redisKeyPrefix?: string;
}

/**
 * Where rate-limit counts live: Redis when REDIS_URL is set, else the database when it is PostgreSQL
 * (several processes may share it), else this process's memory (SQLite serves one process).
 */
function createLimitStore({ config, handle, log, redisKeyPrefix }: ServicesOptions): LimitStore {
  if (config.redisUrl) return createRedisLimitStore(config.redisUrl, { log, keyPrefix: redisKeyPrefix });
  if (handle.dialect === 'postgres') return createDatabaseLimitStore(handle.db);
  return createMemoryLimitStore();
}

/**
 * The one composition root: repos, services and providers wired from the configuration. The web
 * role (buildApp), and later the worker and the CLI commands, build from it, so they share one set
 * of rules.
 */
export function createServices(options: ServicesOptions) {
  const { config, handle, log, mailRetryDelaysMs, passwordCost } = options;
  const papersRepo = createPapersRepo(handle);
  // PostgreSQL announces changes (LISTEN/NOTIFY); SQLite reads its version in-process on every call.
  const contentVersion: ContentVersion = config.databaseUrl
    ? listenForChanges({ databaseUrl: config.databaseUrl, repo: papersRepo, log })
    : readOnEveryCall(papersRepo);
  const usersRepo = createUsersRepo(handle.db);
  const authRepo = createAuthRepo(handle.db);
  // One limiter for every limited action; the auth service's housekeeping purges and closes it.
  const limiter = createRateLimiter(createLimitStore(options));
  const mailer = createMailer(
    {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom ?? `${config.site.siteName} <no-reply@${new URL(config.publicUrl).hostname}>`,
      outboxDir: path.join(config.dataDir, 'outbox'),
      retryDelaysMs: mailRetryDelaysMs,
    },
    log,
  );
  const papers = createPapersService({ repo: papersRepo, contentVersion });
  return {
    config,
    handle,
    log,
    mailer,
    papersRepo,
    contentVersion,
    papers,
    paperAdmin: createPaperAdminService({ repo: createPaperAdminRepo(handle.db), papers, contentVersion }),
    categories: createCategoriesService({ repo: createCategoriesRepo(handle.db), contentVersion }),
    sessions: createSessions({ authRepo, usersRepo, secureCookies: config.publicUrl.startsWith('https://') }),
    auth: createAuthService({
      usersRepo,
      authRepo,
      mailer,
      limiter,
      passwords: createPasswordHasher(passwordCost),
      publicUrl: config.publicUrl,
      siteName: config.site.siteName,
    }),
    users: createUsersService({ usersRepo, authRepo }),
    comments: createCommentsService({
      commentsRepo: createCommentsRepo(handle.db),
      limiter,
      publicUrl: config.publicUrl,
    }),
    uploads: createUploadsService({
      uploadsRepo: createUploadsRepo(handle.db),
      limiter,
      uploadsDir: path.join(config.dataDir, 'uploads'),
    }),
    bookmarks: createBookmarksService(createBookmarksRepo(handle.db)),
    /** Closes what the services opened beside the database handle: the content version's listener. */
    close: () => contentVersion.close(),
  };
}

export type Services = ReturnType<typeof createServices>;
