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

/**
 * Searches (the digest's ?q=) name free text, so anyone can make up new ones: they are kept in a
 * small pool of their own, where made-up queries push out only other searches, while a shared search
 * that many open is kept. A search's rendering (its frame, without results) has some 20,000 characters.
 */
const KEPT_SEARCHES = 50;
const KEPT_SEARCH_CHARACTERS = 2_000_000;
const SEARCH_PARAM = 'q';
/** The digest's order (?sort=popular) changes with every save and comment, which move no content version. */
const SORT_PARAM = 'sort';
const POPULAR = 'popular';
/**
 * The query parameters public pages read. Others change nothing on the page, so they are left out
 * of the key and the rendering: made-up ones cannot push real pages out of the kept set.
 */
export const RENDERED_PARAMS = [SEARCH_PARAM, 'page', 'category', SORT_PARAM];

/** The address as the page sees it: its path and the parameters it reads, in a fixed order. */
function renderedAddress(url: string): URL {
  const address = new URL(url, 'http://localhost');
  const kept = new URLSearchParams();
  for (const name of RENDERED_PARAMS) {
    const value = address.searchParams.get(name);
    // Any other order is the default one: a made-up value makes no rendering of its own.
    if (value !== null && (name !== SORT_PARAM || value === POPULAR)) kept.set(name, value);
  }
  address.search = kept.toString();
  return address;
}

/** Renderings by key, the most recently used last, bounded in number and in size; failures are not kept. */
function keptPages(limits = { pages: KEPT_PAGES, characters: KEPT_CHARACTERS }) {
  const kept = new Map<string, { page: Promise<RenderedPage>; characters: number }>();
  let characters = 0;
  const remove = (key: string) => {
    characters -= kept.get(key)?.characters ?? 0;
    kept.delete(key);
  };
  const trim = () => {
    while (kept.size > limits.pages || characters > limits.characters) remove(kept.keys().next().value as string);
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

/**
 * Keeps renderings per address and language: of pages whose content ships with the site (texts,
 * documentation, blog files read once at start) until the next deploy, and of the digest's pages
 * (searches apart, see KEPT_SEARCHES) while the papers' content version stays the same, so an edit
 * shows on the next request.
 */
function keepingPages(render: PageRenderer, contentVersion: Pick<ContentVersion, 'current'>): PageRenderer {
  const shipped = keptPages();
  const fromDatabase = keptPages();
  const searches = keptPages({ pages: KEPT_SEARCHES, characters: KEPT_SEARCH_CHARACTERS });
  let keptVersion = '';
  return async (url, locale) => {
    const address = renderedAddress(url);
    const rendered = `${address.pathname}${address.search}`;
    const key = `${locale} ${rendered}`;
    const renderNow = () => render(rendered, locale);
    if (clientRouteOf(address.pathname)?.shippedContent) return shipped.keep(key, renderNow);
    // The Popular order is rendered for each request, as its answer is read for each.
    if (address.searchParams.get(SORT_PARAM) === POPULAR && !address.searchParams.has(SEARCH_PARAM)) return renderNow();
    const version = await contentVersion.current();
    if (version !== keptVersion) {
      fromDatabase.clear();
      searches.clear();
      keptVersion = version;
    }
    return (address.searchParams.has(SEARCH_PARAM) ? searches : fromDatabase).keep(key, renderNow);
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
