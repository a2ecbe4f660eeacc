import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '../common/routes.js';
import { routes } from './router.js';

/** The path of the route that renders a URL: the catch-all '*' means "not found". */
function renderedRoutePath(url: string): string | undefined {
  return matchRoutes(routes, url)?.at(-1)?.route.path;
}

describe('router', () => {
  it('has a page for every client route the server answers', () => {
    for (const { path } of CLIENT_ROUTES) {
      const url = path.replace(':id', 'first-post').replace('*', '2401.12345');
      expect(renderedRoutePath(url), path).not.toBe('*');
    }
  });

  it('opens papers with old-style ids, which hold a slash', () => {
    expect(renderedRoutePath('/ai-digest/math/9501234')).toBe('ai-digest/*');
    expect(renderedRoutePath('/ai-digest')).toBe('ai-digest');
  });

  it('shows the not-found page for /404 and unknown paths', () => {
    expect(renderedRoutePath('/404')).toBe('404');
    expect(renderedRoutePath('/no/such/page')).toBe('*');
  });
});
