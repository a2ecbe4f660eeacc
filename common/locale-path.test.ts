import { describe, expect, it } from 'vitest';
import { addressIn, localeOfPath, localizedPath } from './locale-path.js';
import { localizedAddress } from './localized-address.js';
import { ALL_ROUTES, matchClientRoute, PUBLIC_PAGES } from './routes.js';

describe('addresses per language', () => {
  it('names Arabic under /ar only, as a whole first segment', () => {
    expect(localeOfPath('/ar')).toBe('ar');
    expect(localeOfPath('/ar/ai-digest')).toBe('ar');
    expect(localeOfPath('/archive')).toBeNull();
    expect(localeOfPath('/ai-digest')).toBeNull();
  });

  it('moves an address between its languages, the home page and the search kept', () => {
    expect(localizedPath('/', 'ar')).toBe('/ar');
    expect(localizedPath('/ar', 'en')).toBe('/');
    expect(localizedPath('/ai-digest/2401.00001', 'ar')).toBe('/ar/ai-digest/2401.00001');
    expect(localizedPath('/ar/blogs', 'ar')).toBe('/ar/blogs');
    expect(addressIn('/ai-digest?page=2#paper-1', 'ar')).toBe('/ar/ai-digest?page=2#paper-1');
    expect(addressIn('/ar/documentation?page=mcp', 'en')).toBe('/documentation?page=mcp');
  });

  it('gives every public page, and no account page, an Arabic address the route table answers', () => {
    for (const path of PUBLIC_PAGES) {
      const arabic = localizedPath(path, 'ar');
      expect(matchClientRoute(arabic)?.route.locale, arabic).toBe('ar');
      // The same screen (the blog's lists have a name each, as the spec names them).
      expect(matchClientRoute(arabic)?.route.screen, arabic).toEqual(matchClientRoute(path)?.route.screen);
    }
    expect(matchClientRoute('/ar/ai-digest/cs/0112017')?.params['*']).toBe('cs/0112017');
    expect(matchClientRoute('/ar/blog/a-post')?.params.id).toBe('a-post');
    expect(matchClientRoute('/ar/bookmarks')).toBeNull();
    expect(ALL_ROUTES.filter((route) => route.access === 'private' && route.locale)).toEqual([]);
    expect(localizedAddress('/bookmarks', 'ar')).toBe('/bookmarks');
    expect(localizedAddress('/privacy-policy#cookies', 'ar')).toBe('/ar/privacy-policy#cookies');
  });
});
