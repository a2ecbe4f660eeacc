import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../common/account-rules.js';
import { ALL_ROUTES } from '../common/routes.js';
import { createPreloadHints } from './web-preload.js';

function webDirWithManifest(manifest: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'preload-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('createPreloadHints', () => {
  const hints = createPreloadHints(
    webDirWithManifest({
      'index.html': { file: 'assets/boot.js', imports: ['_helper.js'], dynamicImports: ['main.tsx'] },
      '_helper.js': { file: 'assets/helper.js' },
      'main.tsx': { file: 'assets/main.js', imports: ['_framework.js', '_helper.js'] },
      '_framework.js': { file: 'assets/framework.js' },
      '_card.js': { file: 'assets/card.js', imports: ['_framework.js'] },
      'routes/ai-digest.tsx': { file: 'assets/ai-digest.js', imports: ['_card.js', '_framework.js'] },
      'routes/blogs.tsx': { file: 'assets/blogs.js', dynamicImports: ['features/blog/results.tsx'] },
      'routes/documentation.tsx': { file: 'assets/docs.js', css: ['assets/docs.css'] },
      'features/blog/results.tsx': { file: 'assets/results.js', imports: ['_framework.js'] },
      'routes/paper.tsx': {
        file: 'assets/paper.js',
        dynamicImports: [
          'features/comments/components/comments-panel.tsx',
          'features/citations/components/cite-dialog.tsx',
        ],
      },
      'features/comments/components/comments-panel.tsx': { file: 'assets/comments-panel.js' },
      'features/citations/components/cite-dialog.tsx': { file: 'assets/cite-dialog.js', imports: ['_toaster.js'] },
      '_toaster.js': { file: 'assets/toaster.js' },
      'locales/en/blog.json': { file: 'assets/blog-en.js' },
      'locales/ar/blog.json': { file: 'assets/blog-ar.js' },
    }),
  );

  it('announces the app and the route code not already in the entry, and the first data the page fetches', () => {
    expect(hints('/ai-digest')).toEqual([
      '<link rel="modulepreload" href="/assets/main.js" />',
      '<link rel="modulepreload" href="/assets/framework.js" />',
      '<link rel="modulepreload" href="/assets/ai-digest.js" />',
      '<link rel="modulepreload" href="/assets/card.js" />',
      '<link rel="preload" href="/api/papers?page=1&amp;limit=6" as="fetch" crossorigin="anonymous" />',
      '<link rel="preload" href="/api/categories" as="fetch" crossorigin="anonymous" />',
    ]);
  });

  it("adds the route's first dynamic imports, its texts and the post list of the locale the path names", () => {
    expect(hints('/ar/blogs')).toEqual([
      '<link rel="modulepreload" href="/assets/main.js" />',
      '<link rel="modulepreload" href="/assets/framework.js" />',
      '<link rel="modulepreload" href="/assets/blogs.js" />',
      '<link rel="modulepreload" href="/assets/results.js" />',
      '<link rel="modulepreload" href="/assets/blog-en.js" />',
      '<link rel="preload" href="/blogsFolder/ar/blogs.json" as="fetch" crossorigin="anonymous" />',
    ]);
  });

  it('leaves out what a page loads only when the reader asks: the Cite dialog of a paper', () => {
    expect(hints('/ai-digest/2401.00001', { rendered: true })).toEqual([
      '<script type="application/json" id="page-modules">["/assets/main.js","/assets/framework.js","/assets/paper.js","/assets/comments-panel.js"]</script>',
    ]);
  });

  it('gives a rendered page its stylesheet and, for after the first paint, the list of its modules in its language', () => {
    expect(hints('/ar/blogs', { rendered: true, locale: 'ar' })).toEqual([
      '<script type="application/json" id="page-modules">["/assets/main.js","/assets/framework.js","/assets/blogs.js","/assets/results.js","/assets/blog-ar.js","/assets/blog-en.js"]</script>',
    ]);
    expect(hints('/documentation', { rendered: true })).toEqual([
      '<link rel="stylesheet" href="/assets/docs.css" />',
      '<script type="application/json" id="page-modules">["/assets/main.js","/assets/framework.js","/assets/docs.js"]</script>',
    ]);
  });

  it("leaves out the entry chunk the app imports (the bundler merges shared modules into it) and the entry's stylesheet: the HTML has both", () => {
    const withAppImportingEntry = createPreloadHints(
      webDirWithManifest({
        'index.html': { file: 'assets/boot.js', css: ['assets/site.css'], dynamicImports: ['main.tsx'] },
        'main.tsx': { file: 'assets/main.js', imports: ['_framework.js', 'index.html'] },
        '_framework.js': { file: 'assets/framework.js' },
        'routes/documentation.tsx': { file: 'assets/docs.js', imports: ['index.html'], css: ['assets/docs.css'] },
      }),
    );
    expect(withAppImportingEntry('/documentation', { rendered: true })).toEqual([
      '<link rel="stylesheet" href="/assets/docs.css" />',
      '<script type="application/json" id="page-modules">["/assets/main.js","/assets/framework.js","/assets/docs.js"]</script>',
    ]);
  });

  it('gives other pages the app only, and nothing without a build manifest', () => {
    expect(hints('/admin/users')).toEqual([
      '<link rel="modulepreload" href="/assets/main.js" />',
      '<link rel="modulepreload" href="/assets/framework.js" />',
    ]);
    expect(createPreloadHints(mkdtempSync(path.join(tmpdir(), 'none-')))('/ai-digest')).toEqual([]);
  });
});

describe('the route table', () => {
  const webSource = path.resolve(import.meta.dirname, '../web');

  it('names, for every route, a screen module and texts that exist, so the router and the hints find them', () => {
    for (const route of ALL_ROUTES) {
      expect(existsSync(path.join(webSource, route.screen.module)), `${route.name}: ${route.screen.module}`).toBe(true);
      for (const module of route.onDemand ?? []) {
        expect(existsSync(path.join(webSource, module)), `${route.name}: ${module}`).toBe(true);
      }
      for (const namespace of route.namespaces) {
        for (const locale of LOCALES) {
          const texts = path.join(webSource, 'locales', locale, `${namespace}.json`);
          expect(existsSync(texts), `${route.name}: ${locale}/${namespace}`).toBe(true);
        }
      }
    }
  });

  it("announces every public page's own module, texts and first data, with a paper's or a post's id filled in", () => {
    const manifest: Record<string, object> = {
      'index.html': { file: 'assets/boot.js', dynamicImports: ['main.tsx'] },
      'main.tsx': { file: 'assets/main.js' },
    };
    for (const { screen, namespaces } of ALL_ROUTES) {
      manifest[screen.module] = { file: `assets/${screen.module}.js` };
      for (const namespace of namespaces) manifest[`locales/en/${namespace}.json`] = { file: `assets/${namespace}.js` };
    }
    const hints = createPreloadHints(webDirWithManifest(manifest));
    const modulesOf = (pathname: string) =>
      hints(pathname).flatMap((tag) => /rel="modulepreload" href="\/assets\/(.+?)"/.exec(tag)?.[1] ?? []);
    const dataOf = (pathname: string) =>
      hints(pathname).flatMap((tag) => /rel="preload" href="(.+?)"/.exec(tag)?.[1] ?? []);

    expect(modulesOf('/')).toEqual(['main.js', 'routes/home.tsx.js', 'home.js']);
    expect(modulesOf('/privacy-policy')).toEqual(['main.js', 'routes/privacy-policy.tsx.js', 'privacy.js']);
    expect(modulesOf('/documentation')).toEqual(['main.js', 'routes/documentation.tsx.js', 'docs.js']);
    expect(modulesOf('/blog/first-post')).toEqual(['main.js', 'routes/blog-post.tsx.js', 'blog.js']);
    expect(dataOf('/blog/first-post')).toEqual(['/blogsFolder/en/blogs.json']);
    expect(modulesOf('/ai-digest/math/9501234/')).toEqual([
      'main.js',
      'routes/paper.tsx.js',
      'comments.js',
      'search.js',
    ]);
    expect(dataOf('/ai-digest/math/9501234/')).toEqual(['/api/papers/math/9501234']);
    expect(dataOf('/ai-digest')).toEqual(['/api/papers?page=1&amp;limit=6', '/api/categories']);
    expect(modulesOf('/authenticate')).toEqual(['main.js']);
    expect(modulesOf('/no/such/page')).toEqual(['main.js']);
  });
});
