import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { DbHandle } from './db/connect.js';
import { createRateLimiter } from './http/rate-limiter.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessions } from './modules/auth/sessions.js';
import { createCategoriesRepo } from './modules/categories/repo.js';
import { createCategoriesService } from './modules/categories/service.js';
import { type ContentVersion, listenForChanges, readOnEveryCall } from './modules/papers/content-version.js';
import { createPapersRepo } from './modules/papers/repo.js';
import { createPapersService } from './modules/papers/service.js';
import { createUsersRepo } from './modules/users/repo.js';
import { createUsersService } from './modules/users/service.js';
import { createMailer } from './providers/mail/mailer.js';

export interface ServicesOptions {
  config: AppConfig;
  handle: DbHandle;
  log: FastifyBaseLogger;
  /** Waits between mail attempts; tests shorten them. */
  mailRetryDelaysMs?: number[];
}

/**
 * The one composition root: repos, services and providers wired from the configuration. The web
 * role (buildApp), and later the worker and the CLI commands, build from it, so they share one set
 * of rules.
 */
export function createServices({ config, handle, log, mailRetryDelaysMs }: ServicesOptions) {
  const papersRepo = createPapersRepo(handle);
  // PostgreSQL announces changes (LISTEN/NOTIFY); SQLite reads its version in-process on every call.
  const contentVersion: ContentVersion = config.databaseUrl
    ? listenForChanges({ databaseUrl: config.databaseUrl, repo: papersRepo, log })
    : readOnEveryCall(papersRepo);
  const usersRepo = createUsersRepo(handle.db);
  const authRepo = createAuthRepo(handle.db);
  const mailer = createMailer(
    {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom ?? `${config.site.siteName} <no-reply@${new URL(config.publicUrl).hostname}>`,
      outboxDir: path.join(config.dataDir, 'outbox'),
      retryDelaysMs: mailRetryDelaysMs,
    },
    log,
  );
  return {
    config,
    handle,
    log,
    mailer,
    papersRepo,
    contentVersion,
    papers: createPapersService({ repo: papersRepo, contentVersion }),
    categories: createCategoriesService(createCategoriesRepo(handle.db)),
    sessions: createSessions({ authRepo, usersRepo, secureCookies: config.publicUrl.startsWith('https://') }),
    auth: createAuthService({
      usersRepo,
      authRepo,
      mailer,
      limiter: createRateLimiter(),
      publicUrl: config.publicUrl,
      siteName: config.site.siteName,
    }),
    users: createUsersService({ usersRepo, authRepo }),
    /** Closes what the services opened beside the database handle: the content version's listener. */
    close: () => contentVersion.close(),
  };
}

export type Services = ReturnType<typeof createServices>;
