import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DbHandle } from './db/connect.js';
import { registerErrorHandler } from './errors.js';
import { registerOriginCheck } from './http/origin-check.js';
import { createRateLimiter } from './http/rate-limiter.js';
import { adminScope } from './modules/admin/scope.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { sessionSecrets } from './modules/auth/session-secret.js';
import { createSessions } from './modules/auth/sessions.js';
import { createCategoriesRepo } from './modules/categories/repo.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { createCategoriesService } from './modules/categories/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createPapersRepo } from './modules/papers/repo.js';
import { papersRoutes } from './modules/papers/routes.js';
import { createPapersService } from './modules/papers/service.js';
import { createBlogPosts } from './modules/seo/blog-posts.js';
import { feedRoutes } from './modules/seo/feed-routes.js';
import { createPageMeta } from './modules/seo/page-meta.js';
import { createUsersRepo } from './modules/users/repo.js';
import { usersRoutes } from './modules/users/routes.js';
import { createUsersService } from './modules/users/service.js';
import { BLOG_CONTENT_DIR } from './paths.js';
import { createMailer } from './providers/mail/mailer.js';
import { loadPageRenderer } from './web-render.js';
import { registerWebApp } from './web-static.js';

export interface AppOptions {
  config: AppConfig;
  handle: DbHandle;
  /** The built SPA (dist/web). */
  webDir: string;
  /** Blog posts per locale (content/blog). */
  blogDir?: string;
  /** The built server renderer of the public pages; without it the browser renders every page. */
  ssrEntryFile?: string;
  /** Waits between mail attempts; tests shorten them. */
  mailRetryDelaysMs?: number[];
}

/** The whole HTTP app, without listening: main.ts listens, tests use inject() or listen on port 0. */
export async function buildApp({
  config,
  handle,
  webDir,
  blogDir = BLOG_CONTENT_DIR,
  ssrEntryFile,
  mailRetryDelaysMs,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // The analytics tag (SPEC §9) may load and report only when it is configured.
  const analyticsHosts = config.site.analyticsTagId
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...analyticsHosts.slice(0, 1)],
        'connect-src': ["'self'", ...analyticsHosts],
        'img-src': ["'self'", 'data:', ...analyticsHosts],
        'upgrade-insecure-requests': null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, { secret: sessionSecrets(config.sessionSecrets, config.dataDir) });
  registerOriginCheck(app, config.publicUrl);

  const papersRepo = createPapersRepo(handle);
  const papers = createPapersService(papersRepo);
  const categories = createCategoriesService(createCategoriesRepo(handle.db));
  const usersRepo = createUsersRepo(handle.db);
  const authRepo = createAuthRepo(handle.db);
  const sessions = createSessions({ authRepo, usersRepo, secureCookies: config.publicUrl.startsWith('https://') });
  const mailer = createMailer(
    {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom ?? `${config.site.siteName} <no-reply@${new URL(config.publicUrl).hostname}>`,
      outboxDir: path.join(config.dataDir, 'outbox'),
      retryDelaysMs: mailRetryDelaysMs,
    },
    app.log,
  );
  const auth = createAuthService({
    usersRepo,
    authRepo,
    mailer,
    limiter: createRateLimiter(),
    publicUrl: config.publicUrl,
    siteName: config.site.siteName,
  });
  const users = createUsersService({ usersRepo, authRepo });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { handle, papersRepo });
      await api.register(papersRoutes, { papers });
      await api.register(categoriesRoutes, { categories });
      await api.register(authRoutes, { auth, sessions });
      await api.register(usersRoutes, { users, sessions });
      await api.register(adminScope, { prefix: '/admin', sessions });
    },
    { prefix: '/api' },
  );
  const blog = createBlogPosts(blogDir);
  const pageMeta = createPageMeta({ papers, blog, site: config.site });
  await app.register(feedRoutes, { papersRepo, blog, site: config.site, publicUrl: config.publicUrl });
  await registerWebApp(app, {
    webDir,
    blogDir,
    site: config.site,
    publicUrl: config.publicUrl,
    pageMeta,
    renderPage: await loadPageRenderer(ssrEntryFile, app, config.site),
  });
  return app;
}
