import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerErrorHandler, routingOptions } from './errors.js';
import { DEFAULT_BODY_LIMIT } from './http/body-limits.js';
import { fastifyTrustProxy } from './http/client-address.js';
import { COMPRESSION_THRESHOLD } from './http/encoded-body.js';
import { registerNulTextGuard } from './http/nul-text.js';
import { registerApiDocs } from './http/openapi.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRequestIdHeader, requestIdOptions } from './http/request-id.js';
import { accountsAdminRoutes } from './modules/accounts/admin-routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { registerAdminScope } from './modules/admin/scope.js';
import { auditRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { bookmarkExportRoutes } from './modules/bookmark-export/routes.js';
import { bookmarksRoutes } from './modules/bookmarks/routes.js';
import { categoriesAdminRoutes } from './modules/categories/admin-routes.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { citationsRoutes } from './modules/citations/routes.js';
import { commentsRoutes } from './modules/comments/routes.js';
import { digestRoutes } from './modules/digest/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { mcpRoutes } from './modules/mcp/routes.js';
import { moderationAdminRoutes } from './modules/moderation/admin-routes.js';
import { reportRoutes } from './modules/moderation/routes.js';
import { papersAdminRoutes } from './modules/papers/admin-routes.js';
import { papersRoutes } from './modules/papers/routes.js';
import { queueRoutes } from './modules/queue/routes.js';
import { recommendationsRoutes } from './modules/recommendations/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { createBlogPosts } from './modules/seo/blog-posts.js';
import { readDocSlugs } from './modules/seo/doc-pages.js';
import { feedRoutes } from './modules/seo/feed-routes.js';
import { createPageMeta } from './modules/seo/page-meta.js';
import { createCardRasterizer } from './modules/share-cards/rasterize.js';
import { shareCardsRoutes } from './modules/share-cards/routes.js';
import { createShareCards } from './modules/share-cards/service.js';
import { uploadedFilesRoutes, uploadRoutes } from './modules/uploads/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { BLOG_CONTENT_DIR, DOCS_CONTENT_DIR } from './paths.js';
import type { Services } from './services.js';
import { loadPageRenderer } from './web-render.js';
import { registerWebApp } from './web-static.js';

export interface AppOptions {
  /** Built by createServices, the composition root. */
  services: Services;
  /** The built SPA (dist/web). */
  webDir: string;
  /** Blog posts per locale (content/blog). */
  blogDir?: string;
  /** The built server renderer of the public pages; without it the browser renders every page. */
  ssrEntryFile?: string;
  /** Told of every route as it is added (tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole HTTP app, without listening: main.ts listens, tests use inject() or listen on port 0. */
export async function buildApp({
  services,
  webDir,
  blogDir = BLOG_CONTENT_DIR,
  ssrEntryFile,
  onRoute,
}: AppOptions): Promise<FastifyInstance> {
  const {
    config,
    handle,
    papersRepo,
    papers,
    paperAdmin,
    categories,
    sessions,
    auth,
    users,
    comments,
    uploads,
    bookmarks,
  } = services;
  const app = Fastify({
    loggerInstance: services.log,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...requestIdOptions(config.trustProxy),
    forceCloseConnections: 'idle',
    // Routes whose bodies may be longer declare their own limit (comments, paper edits, MCP).
    bodyLimit: DEFAULT_BODY_LIMIT,
    ...routingOptions,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestIdHeader(app);
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulTextGuard(app);

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
  await app.register(compress, { threshold: COMPRESSION_THRESHOLD });
  await app.register(cookie, { secret: services.cookieSecrets });
  registerOriginCheck(app, config.publicUrl);
  await registerApiDocs(app, { siteName: config.site.siteName, publicUrl: config.publicUrl });

  const blog = createBlogPosts(blogDir);
  const shareCards = createShareCards({
    papers,
    blog,
    siteName: config.site.siteName,
    rasterizer: createCardRasterizer(),
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { handle, papersRepo, search: services.search });
      await api.register(papersRoutes, { papers });
      await api.register(searchRoutes, { search: services.search });
      await api.register(categoriesRoutes, { categories });
      await api.register(authRoutes, { auth, sessions, linkMailer: services.linkMailer });
      await api.register(commentsRoutes, { comments, sessions });
      await api.register(reportRoutes, { moderation: services.moderation, sessions });
      await api.register(accountRoutes, { accounts: services.accounts, sessions });
      await api.register(uploadRoutes, { uploads, sessions });
      await api.register(bookmarkExportRoutes, { bookmarkExport: services.bookmarkExport, sessions });
      await api.register(bookmarksRoutes, { bookmarks, sessions });
      await api.register(recommendationsRoutes, { recommendations: services.recommendations, sessions });
      await api.register(citationsRoutes, { citations: services.citations });
      await api.register(shareCardsRoutes, { shareCards });
      await api.register(digestRoutes, { digest: services.digest, sessions });
      await api.register(mcpRoutes, { mcp: services.mcp, publicUrl: config.publicUrl });
      await registerAdminScope(api, sessions, async (admin) => {
        await admin.register(usersRoutes, { users, sessions });
        await admin.register(papersAdminRoutes, { paperAdmin, sessions });
        await admin.register(categoriesAdminRoutes, { categories, sessions });
        await admin.register(queueRoutes, { queue: services.queue, scrape: services.scrape, sessions });
        await admin.register(accountsAdminRoutes, { accounts: services.accounts, sessions });
        await admin.register(moderationAdminRoutes, { moderation: services.moderation, sessions });
        await admin.register(auditRoutes, { audit: services.audit });
      });
    },
    { prefix: '/api' },
  );
  const docSlugs = readDocSlugs(DOCS_CONTENT_DIR);
  const pageMeta = createPageMeta({ papers, blog, site: config.site, docSlugs });
  await app.register(uploadedFilesRoutes, { uploads });
  await app.register(feedRoutes, { papersRepo, blog, site: config.site, publicUrl: config.publicUrl, docSlugs });
  await registerWebApp(app, {
    webDir,
    blogDir,
    site: config.site,
    publicUrl: config.publicUrl,
    pageMeta,
    renderPage: await loadPageRenderer(ssrEntryFile, app, config.site, services.contentVersion),
  });
  return app;
}
