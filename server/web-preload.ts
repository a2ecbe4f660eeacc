import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

interface RoutePreload {
  pattern: RegExp;
  /** The route's lazy module, as named in Vite's build manifest. */
  module: string;
  /** Its i18n namespaces (English: the default and the fallback). */
  namespaces: string[];
  /** What the page fetches first, so the request starts with the HTML instead of after the code. */
  data?: (match: RegExpExecArray) => string[];
}

/** The public pages and what each loads first; it must follow web/router.tsx and each page's queries. */
const ROUTE_PRELOADS: RoutePreload[] = [
  { pattern: /^\/$/, module: 'routes/home.tsx', namespaces: ['home'] },
  {
    pattern: /^\/ai-digest\/?$/,
    module: 'routes/ai-digest.tsx',
    namespaces: [],
    data: () => ['/api/papers?page=1&limit=6', '/api/categories'],
  },
  {
    pattern: /^\/ai-digest\/(.+?)\/?$/,
    module: 'routes/paper.tsx',
    namespaces: [],
    data: (m) => [`/api/papers/${m[1]}`],
  },
  {
    pattern: /^\/blogs\/?$/,
    module: 'routes/blogs.tsx',
    namespaces: ['blog'],
    data: () => ['/blogsFolder/en/blogs.json'],
  },
  {
    pattern: /^\/ar\/blogs\/?$/,
    module: 'routes/blogs.tsx',
    namespaces: ['blog'],
    data: () => ['/blogsFolder/ar/blogs.json'],
  },
  {
    pattern: /^\/blog\/[^/]+\/?$/,
    module: 'routes/blog-post.tsx',
    namespaces: ['blog'],
    data: () => ['/blogsFolder/en/blogs.json'],
  },
  { pattern: /^\/privacy-policy\/?$/, module: 'routes/privacy-policy.tsx', namespaces: ['privacy'] },
  { pattern: /^\/documentation\/?$/, module: 'routes/documentation.tsx', namespaces: ['docs'] },
];

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * `<link>` hints that let the browser fetch a page's own code, texts and first data while it still
 * loads the entry bundle, instead of discovering them one round trip after another.
 */
export function createPreloadHints(webDir: string): (pathname: string) => string[] {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const filesOf = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, files);
    return files;
  };
  const inEntry = filesOf('index.html');

  return (pathname) => {
    for (const route of ROUTE_PRELOADS) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      // A route's own dynamic imports (its first content, loaded beside its data) are needed at once too.
      const routeFiles = [route.module, ...(manifest[route.module]?.dynamicImports ?? [])].reduce(
        (files, key) => filesOf(key, files),
        new Set<string>(),
      );
      const modules = [
        ...[...routeFiles].filter((file) => !inEntry.has(file)),
        ...route.namespaces.flatMap((namespace) => [...filesOf(`locales/en/${namespace}.json`)]),
      ];
      return [
        ...modules.map((file) => `<link rel="modulepreload" href="/${escapeAttribute(file)}" />`),
        ...(route.data?.(match) ?? []).map(
          (url) => `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="anonymous" />`,
        ),
      ];
    }
    return [];
  };
}
