import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isLocale, type Locale } from '../common/account-rules.js';
import { isClientRoute } from '../common/routes.js';
import { LOCALE_COOKIE, type PageRenderer, type RenderedPage, SSR_STATE_ELEMENT_ID } from '../common/ssr.js';
import type { SiteConfig } from './config.js';
import { errorBody } from './errors.js';
import { type ContentEncoding, compressed, preferredEncoding } from './http/encoded-body.js';
import { jsonDataBlock } from './json-data-block.js';
import { headTags } from './modules/seo/head-tags.js';
import type { PageMeta, PageMetaResolver } from './modules/seo/page-meta.js';
import { escapeXml as escapeHtml } from './modules/seo/xml.js';
import { compilePageTemplate, type PageTemplate } from './page-template.js';
import { createPreloadHints } from './web-preload.js';

const EMPTY_ROOT = '<div id="root"></div>';

/** A page rendered on the server: its HTML, its hydration state (JSON), language, title and description. */
type RenderedApp = Extract<RenderedPage, { kind: 'page' }>;

/**
 * index.html for one page: the site configuration the SPA reads at start (a JSON data block, not
 * executed, so CSP allows it) and the page's own title, description, canonical link and Open Graph
 * tags, so a shared link or a crawler sees the page and not a generic shell.
 */
function renderIndexHtml(
  fill: PageTemplate,
  site: SiteConfig,
  publicUrl: string,
  meta: PageMeta,
  hints: string[],
  rendered: RenderedApp | null,
): string {
  const tags = [jsonDataBlock('app-config', JSON.stringify(site)), ...headTags(meta, site, publicUrl), ...hints];
  return fill({
    html: `<html lang="${meta.locale}" dir="${meta.locale === 'ar' ? 'rtl' : 'ltr'}">`,
    title: `<title>${escapeHtml(meta.title)}</title>`,
    description: `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    head: tags.join('\n    '),
    root: rendered
      ? `<div id="root">${rendered.html}</div>\n    ${jsonDataBlock(SSR_STATE_ELEMENT_ID, rendered.state)}`
      : EMPTY_ROOT,
  });
}

/** The page last built around each kept rendering, as bytes, with what it was built from and its encodings. */
const builtPages = new WeakMap<
  RenderedApp,
  { inputs: string; body: Buffer; encoded: Partial<Record<ContentEncoding, Buffer>> }
>();

/**
 * The page around `rendered`, built once while its inputs stay the same, and each encoding made once
 * when first asked for: a kept rendering (see web-render.ts) is then sent without being assembled,
 * encoded or compressed again on every request, which under load costs more than rendering did.
 */
function builtOnce(
  rendered: RenderedApp,
  inputs: string,
  build: () => string,
  encoding: ContentEncoding | null,
): Buffer {
  let built = builtPages.get(rendered);
  if (built?.inputs !== inputs) {
    built = { inputs, body: Buffer.from(build()), encoded: {} };
    builtPages.set(rendered, built);
  }
  if (!encoding) return built.body;
  built.encoded[encoding] ??= compressed(built.body, encoding);
  return built.encoded[encoding];
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for client routes (200) and for
 * unknown paths (404, the SPA shows its not-found page), the blog's static files, and JSON 404s
 * under /api.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDir: string;
    blogDir: string;
    site: SiteConfig;
    publicUrl: string;
    pageMeta: PageMetaResolver;
    renderPage: PageRenderer | null;
  },
): Promise<void> {
  const { webDir } = options;
  const indexFile = path.join(webDir, 'index.html');
  const template = existsSync(indexFile) ? compilePageTemplate(readFileSync(indexFile, 'utf8')) : null;
  const preloadHints = createPreloadHints(webDir);

  if (existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      // Brotli and gzip files written by the build (scripts/compress-assets.mjs).
      preCompressed: true,
      // One route per built file (not a catch-all), so unknown paths reach the scoped not-found handlers.
      wildcard: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
      // index.html is only ever answered rendered (with the site config); directories are client routes.
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
    });
  }

  // Blog posts are static files (SPEC §7): /blogsFolder/{locale}/blogs.json and /blogsFolder/{locale}/{id}.html.
  await app.register(fastifyStatic, {
    root: options.blogDir,
    prefix: '/blogsFolder/',
    decorateReply: false,
    wildcard: false,
    index: false,
    setHeaders(reply) {
      reply.header('Cache-Control', 'public, max-age=300');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send(errorBody(request, 'not_found', `No route for ${request.method} ${pathname}`));
    }
    if (!template) {
      return reply.status(503).send(errorBody(request, 'unavailable', 'The web app is not built; run npm run build.'));
    }
    const cookie = request.cookies[LOCALE_COOKIE];
    const chosenLocale: Locale = isLocale(cookie) ? cookie : 'en';
    const search = request.url.slice(pathname.length);
    const meta = await options.pageMeta.resolve(pathname, chosenLocale, search);
    const status = isClientRoute(pathname) ? meta.status : 404;
    // Public pages come rendered; account and admin pages, and not-found ones, stay with the browser.
    let rendered: RenderedApp | null = null;
    if (status === 200 && !meta.noindex && options.renderPage) {
      try {
        const page = await options.renderPage(request.url, chosenLocale);
        if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
        if (page.kind === 'page') rendered = page;
      } catch (error) {
        // The bare app still works: the browser renders the page itself.
        request.log.error({ err: error }, 'server rendering failed');
      }
    }
    // A rendered page says its own language, title and description, as it will once running.
    const headMeta: PageMeta = rendered
      ? {
          ...meta,
          locale: rendered.locale,
          title: rendered.title ?? meta.title,
          description: rendered.description ?? meta.description,
        }
      : meta;
    const hints =
      status === 200 ? preloadHints(pathname, { rendered: rendered !== null, locale: rendered?.locale }) : [];
    const build = () => renderIndexHtml(template, options.site, options.publicUrl, headMeta, hints, rendered);
    reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!rendered) return reply.header('Vary', 'Cookie').send(build());
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Vary', 'Cookie, Accept-Encoding')
      .send(builtOnce(rendered, JSON.stringify([headMeta, hints]), build, encoding));
  });
}
