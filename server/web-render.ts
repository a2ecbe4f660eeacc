import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer, PublicSiteConfig, SsrEntry } from '../common/ssr.js';

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
  return entry.createPageRenderer({ site, fetch: fetchFromApp(app) });
}
