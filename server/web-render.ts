import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { clientRouteOf } from '../common/routes.js';
import type { PageRenderer, PublicSiteConfig, RenderedPage, SsrEntry } from '../common/ssr.js';
import type { ContentVersion } from './modules/papers/content-version.js';

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

/** Renderings kept per kind of page: enough for every page of the site and the busiest digest pages. */
const KEPT_PAGES = 200;
/** And at most this many characters of HTML and state per kind (a digest page has some 30,000). */
const KEPT_CHARACTERS = 16_000_000;

/** Renderings by key, the most recently used last, bounded in number and in size; failures are not kept. */
function keptPages() {
  const kept = new Map<string, { page: Promise<RenderedPage>; characters: number }>();
  let characters = 0;
  const remove = (key: string) => {
    characters -= kept.get(key)?.characters ?? 0;
    kept.delete(key);
  };
  const trim = () => {
    while (kept.size > KEPT_PAGES || characters > KEPT_CHARACTERS) remove(kept.keys().next().value as string);
  };
  return {
    keep(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
      const known = kept.get(key);
      if (known) {
        kept.delete(key);
        kept.set(key, known);
        return known.page;
      }
      const entry = { page: render(), characters: 0 };
      kept.set(key, entry);
      trim();
      entry.page.then(
        (page) => {
          if (kept.get(key) !== entry) return;
          entry.characters = page.kind === 'page' ? page.html.length + page.state.length : 0;
          characters += entry.characters;
          trim();
        },
        () => {
          if (kept.get(key) === entry) remove(key);
        },
      );
      return entry.page;
    },
    clear() {
      kept.clear();
      characters = 0;
    },
  };
}

/** The query parameter of a search (the digest's ?q=). */
const SEARCH_PARAM = 'q';

/**
 * Keeps renderings per address and language, except a search's: of pages whose content ships with the site (texts,
 * documentation, blog files read once at start) until the next deploy, and of the digest's pages
 * while the papers' content version stays the same, so an edit shows on the next request.
 */
function keepingPages(render: PageRenderer, contentVersion: Pick<ContentVersion, 'current'>): PageRenderer {
  const shipped = keptPages();
  const fromDatabase = keptPages();
  let keptVersion = '';
  return async (url, locale) => {
    const key = `${locale} ${url}`;
    const renderNow = () => render(url, locale);
    // A search's address holds free text: kept per query, made-up searches would fill the memory and
    // push out the pages worth keeping. Its rendering is the search's frame, without results: cheap.
    if (new URL(url, 'http://localhost').searchParams.has(SEARCH_PARAM)) return renderNow();
    if (clientRouteOf(new URL(url, 'http://localhost').pathname)?.shippedContent) return shipped.keep(key, renderNow);
    const version = await contentVersion.current();
    if (version !== keptVersion) {
      fromDatabase.clear();
      keptVersion = version;
    }
    return fromDatabase.keep(key, renderNow);
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
  contentVersion: Pick<ContentVersion, 'current'>,
): Promise<PageRenderer | null> {
  if (!entryFile || !existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  return keepingPages(entry.createPageRenderer({ site, fetch: fetchFromApp(app) }), contentVersion);
}
