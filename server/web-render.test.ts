import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/app.js';
import { testDatabaseKinds } from './test/databases.js';

/**
 * A stand-in for dist/ssr/entry-server.js with the same contract (common/ssr.ts): it shows what it
 * was given (site, URL, language, an answer fetched from the app) and fails or redirects on cue.
 */
function standInRenderer(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ssr-')), 'entry-server.mjs');
  writeFileSync(
    file,
    `let renders = 0;
    export function createPageRenderer({ site, fetch }) {
      return async (url, locale) => {
        renders += 1;
        if (url === '/privacy-policy') throw new Error('render failed');
        if (url === '/blogs') return { kind: 'redirect', status: 302, location: '/ar/blogs' };
        if (url === '/documentation') return { kind: 'shell' };
        const health = await (await fetch('/api/health')).json();
        const pageLocale = url === '/ar/blogs' ? 'ar' : locale;
        return {
          kind: 'page',
          html: '<main>' + [site.siteName, url, pageLocale, health.status].join(' ') + '</main><p>render ' + renders + '</p>',
          state: JSON.stringify({ locale: pageLocale, note: '</script><script>alert(1)</script>' }),
          locale: pageLocale,
          ...(url === '/' ? {} : { title: 'Page 2 | Rendered Site', description: 'What the page said about itself' }),
        };
      };
    }`,
  );
  return file;
}

const stateOf = (html: string) =>
  /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? null;

describe.each(testDatabaseKinds)('server-rendered pages on $name', (kind) => {
  const target = useTestApp(kind, () => ({ SITE_NAME: 'Rendered Site' }), { ssrEntryFile: standInRenderer() });

  it('puts the rendered page, with data the app answered, into the root, and its state beside it', async () => {
    const response = await target.app.inject('/ai-digest?page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toContain('Cookie');
    expect(response.body).toContain('<div id="root"><main>Rendered Site /ai-digest?page=2 en ok</main>');
    const state = stateOf(response.body);
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state ?? 'null')).toEqual({ locale: 'en', note: '</script><script>alert(1)</script>' });
  });

  it("heads the page with the title and description it set while rendering, else the server's own", async () => {
    const page = (await target.app.inject('/ai-digest?page=2')).body;
    expect(page).toContain('<title>Page 2 | Rendered Site</title>');
    expect(page).toContain('<meta property="og:title" content="Page 2 | Rendered Site" />');
    expect(page).toContain('<meta name="description" content="What the page said about itself" />');
    const home = (await target.app.inject('/')).body;
    expect(home).toContain('<title>Rendered Site</title>');
  });

  it('renders in the language of the locale cookie or of the path, and says so on <html>', async () => {
    const arabic = await target.app.inject({ url: '/', cookies: { locale: 'ar' } });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<main>Rendered Site / ar ok</main>');
    const unknownLanguage = await target.app.inject({ url: '/', cookies: { locale: 'fr' } });
    expect(unknownLanguage.body).toContain('<main>Rendered Site / en ok</main>');
    expect((await target.app.inject('/ar/blogs')).body).toContain('<html lang="ar" dir="rtl">');
  });

  it('renders database pages every time, and pages of shipped content once per address and language', async () => {
    const renderOf = async (url: string, locale = 'en') =>
      /render (\d+)/.exec((await target.app.inject({ url, cookies: { locale } })).body)?.[1];
    const digest = await renderOf('/ai-digest?page=3');
    expect(await renderOf('/ai-digest?page=3')).not.toBe(digest);
    const home = await renderOf('/');
    expect(home).toBeDefined();
    expect(await renderOf('/')).toBe(home);
    expect(await renderOf('/', 'ar')).not.toBe(home);
  });

  it("follows the renderer's redirects", async () => {
    const response = await target.app.inject('/blogs');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ar/blogs');
  });

  it('answers the bare app when rendering fails or is declined, and never renders private or unknown pages', async () => {
    for (const url of ['/privacy-policy', '/documentation', '/authenticate', '/admin/users', '/no/such/page']) {
      const response = await target.app.inject(url);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(stateOf(response.body), url).toBeNull();
    }
    expect((await target.app.inject('/privacy-policy')).statusCode).toBe(200);
  });
});
