import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../common/routes.js';
import type { SiteConfig } from './config.js';
import { errorBody } from './errors.js';

const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** The site configuration the SPA reads at start, as a JSON data block (not executed, so CSP allows it). */
function renderIndexHtml(template: string, site: SiteConfig): string {
  const json = JSON.stringify(site).replaceAll('<', '\\u003c');
  return template.replace(CONFIG_PLACEHOLDER, `<script type="application/json" id="app-config">${json}</script>`);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for client routes (200) and for
 * unknown paths (404, the SPA shows its not-found page), and JSON 404s under /api.
 */
export async function registerWebApp(
  app: FastifyInstance,
  dirs: { webDir: string; blogDir: string },
  site: SiteConfig,
): Promise<void> {
  const { webDir } = dirs;
  const indexFile = path.join(webDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? renderIndexHtml(readFileSync(indexFile, 'utf8'), site) : null;

  if (existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
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
    root: dirs.blogDir,
    prefix: '/blogsFolder/',
    decorateReply: false,
    wildcard: false,
    index: false,
    setHeaders(reply) {
      reply.header('Cache-Control', 'public, max-age=300');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${pathname}`));
    }
    if (!indexHtml) {
      return reply.status(503).send(errorBody('unavailable', 'The web app is not built; run npm run build.'));
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
