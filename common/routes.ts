/**
 * Every client route of SPEC §2. The server answers the SPA for these with 200 and for any other
 * non-API path with 404 (the SPA then shows its not-found page), so crawlers see honest statuses.
 */
export const CLIENT_ROUTES = [
  '/',
  '/privacy-policy',
  '/documentation',
  '/authenticate',
  '/blogs',
  '/ar/blogs',
  '/blog/:id',
  '/ai-digest',
  '/ai-digest/*',
  '/check-email',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/bookmarks',
  '/admin',
  '/admin/papers',
  '/admin/categories',
  '/admin/queue',
  '/admin/users',
  '/admin-scraper',
] as const;

const patterns = CLIENT_ROUTES.map(
  (route) =>
    new RegExp(
      `^${route
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:[a-zA-Z]+/g, '[^/]+')
        .replace('*', '.+')}/?$`,
    ),
);

export function isClientRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
