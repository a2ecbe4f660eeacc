import type { RouteOptions } from 'fastify';

/** One method of one route the app registered. */
export interface RegisteredRoute {
  method: string;
  url: string;
  options: RouteOptions;
}

export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `POST /api/comments`: how a route is named in tables and messages. */
export const routeKey = ({ method, url }: Pick<RegisteredRoute, 'method' | 'url'>) => `${method} ${url}`;

/**
 * Collects every route as the app registers it, one entry per method (Fastify's own HEAD routes
 * included): pass `onRoute` to the test app, read `routes` once it is built.
 */
export function routeCollector() {
  const routes: RegisteredRoute[] = [];
  return {
    routes,
    onRoute(options: RouteOptions): void {
      for (const method of [options.method].flat()) routes.push({ method, url: options.url, options });
    },
  };
}

/** The names of a route's path parameters, in order (`*` for a wildcard's rest of the path). */
export function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map(([whole, name]) => name ?? whole);
}

/** The route's path with each parameter replaced by its text, which must be a path segment already. */
export function fillPath(url: string, segments: Record<string, string>): string {
  return url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const segment = segments[name ?? whole];
    if (segment === undefined) throw new Error(`no value for ${whole} in ${url}`);
    return segment;
  });
}

/**
 * Percent-encodes any text for a URL, a lone surrogate included (as the three bytes WTF-8 gives
 * it), which encodeURIComponent refuses: a hostile client can send those bytes all the same.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
