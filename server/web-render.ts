import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { clientRouteOf } from '../common/routes.js';
import type { PageRenderer, PublicSiteConfig, RenderedPage, SsrEntry } from '../common/ssr.js';

function requestPath(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  const url = input instanceof URL ? input : new URL(input.url);
  return `${url.pathname}${url.search}`;
}

/** A fetch the app answers itself (inject): a page's data without a network round trip. */
function fetchFromApp(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = requestPath(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`A page rendered on the server only reads: ${method} ${url}`);
    const answer = await app.inject({ method: 'GET', url });
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
    return new Response(hasBody ? new Uint8Array(answer.rawPayload) : null, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/octet-stream') },
    });
  };
}

const KEPT_PAGES = 200;

/**
 * Keeps the most recent renderings of pages whose content ships with the site (texts, documentation,
 * blog files read once at start), per address and language: they only change with a deploy.
 */
function keepingShippedPages(render: PageRenderer): PageRenderer {
  const kept = new Map<string, Promise<RenderedPage>>();
  return (url, locale) => {
    if (!clientRouteOf(new URL(url, 'http://localhost').pathname)?.shippedContent) return render(url, locale);
    const key = `${locale} ${url}`;
    const page = kept.get(key) ?? render(url, locale);
    // Most recently used last, so the first key is the one to drop.
    kept.delete(key);
    kept.set(key, page);
    page.catch(() => kept.delete(key));
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value ?? key);
    return page;
  };
}

/**
 * The page renderer built from web/entry-server.tsx (dist/ssr), or null without one: the server
 * then answers the bare app shell and the browser renders every page itself.
 */
export async function loadPageRenderer(
  entryFile: string | undefined,
  app: FastifyInstance,
  site: PublicSiteConfig,
): Promise<PageRenderer | null> {
  if (!entryFile || !existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  return keepingShippedPages(entry.createPageRenderer({ site, fetch: fetchFromApp(app) }));
}
