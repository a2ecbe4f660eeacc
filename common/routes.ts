/**
 * Every client route of SPEC §2, with what the server needs to know of it. The server answers the
 * SPA for these with 200 and for any other non-API path with 404 (the SPA then shows its not-found
 * page), so crawlers see honest statuses.
 */
export interface ClientRoute {
  path: string;
  /** Public pages are listed for search engines and rendered by the server; private ones are neither. */
  access: 'public' | 'private';
  /** Its content ships with the site (texts, documentation, blog files), not the database. */
  shippedContent?: boolean;
}

export const CLIENT_ROUTES: readonly ClientRoute[] = [
  { path: '/', access: 'public', shippedContent: true },
  { path: '/ai-digest', access: 'public' },
  { path: '/ai-digest/*', access: 'public' },
  { path: '/blogs', access: 'public', shippedContent: true },
  { path: '/ar/blogs', access: 'public', shippedContent: true },
  { path: '/blog/:id', access: 'public', shippedContent: true },
  { path: '/documentation', access: 'public', shippedContent: true },
  { path: '/privacy-policy', access: 'public', shippedContent: true },
  { path: '/authenticate', access: 'private' },
  { path: '/check-email', access: 'private' },
  { path: '/verify-email', access: 'private' },
  { path: '/forgot-password', access: 'private' },
  { path: '/reset-password', access: 'private' },
  { path: '/bookmarks', access: 'private' },
  { path: '/admin', access: 'private' },
  { path: '/admin/papers', access: 'private' },
  { path: '/admin/categories', access: 'private' },
  { path: '/admin/queue', access: 'private' },
  { path: '/admin/users', access: 'private' },
  { path: '/admin-scraper', access: 'private' },
];

const matchers = CLIENT_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(
    `^${route.path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[a-zA-Z]+/g, '[^/]+')
      .replace('*', '.+')}/?$`,
  ),
}));

export function clientRouteOf(pathname: string): ClientRoute | undefined {
  return matchers.find(({ pattern }) => pattern.test(pathname))?.route;
}

export function isClientRoute(pathname: string): boolean {
  return clientRouteOf(pathname) !== undefined;
}

/** The public pages without parameters: the fixed entries of the sitemap. */
export const PUBLIC_PAGES = CLIENT_ROUTES.filter(({ access, path }) => access === 'public' && !/[:*]/.test(path)).map(
  ({ path }) => path,
);

/** The first segments of the private routes: robots.txt disallows them, and every page under them is noindex. */
export const PRIVATE_PREFIXES = [
  ...new Set(CLIENT_ROUTES.filter(({ access }) => access === 'private').map(({ path }) => `/${path.split('/')[1]}`)),
];

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
