import { readFileSync } from 'node:fs';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, CLIENT_ROUTES } from '../common/routes.js';
import { routes } from './router.js';

/** An address of a route's path: its `:id` and `*` filled in. */
const urlOf = (path: string) => path.replace(':id', 'first-post').replace('*', '2401.12345');

/** The path of the route that renders a URL: the catch-all '*' means "not found". */
function renderedRoutePath(url: string): string | undefined {
  return matchRoutes(routes, url)?.at(-1)?.route.path;
}

describe('router', () => {
  it('has a page for every client route the server answers', () => {
    for (const { path } of CLIENT_ROUTES) {
      expect(renderedRoutePath(urlOf(path)), path).not.toBe('*');
    }
  });

  it("names each route's page as its screen module exports it", () => {
    // Read, not imported: the documentation's module needs the build's Markdown plugin.
    for (const { name, screen } of ALL_ROUTES) {
      const source = readFileSync(new URL(screen.module, import.meta.url), 'utf8');
      expect(source, name).toMatch(new RegExp(`^export (function|const) ${screen.page}\\b`, 'm'));
    }
  });

  it('shows signed-in and admin screens only through their guards', () => {
    const depth = (url: string) => matchRoutes(routes, url)?.length;
    expect(depth('/blogs')).toBe(2);
    expect(depth('/bookmarks')).toBe(3);
    expect(depth('/admin/users')).toBe(3);
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
