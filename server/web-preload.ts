import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../common/account-rules.js';
import { type ClientRoute, firstDataOf, matchClientRoute } from '../common/routes.js';
import { PAGE_MODULES_ELEMENT_ID } from '../common/ssr.js';
import { jsonDataBlock } from './json-data-block.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export interface PreloadOptions {
  /** The page comes rendered: its data is in the HTML, and its code can wait for the first paint. */
  rendered?: boolean;
  /** The page's language; English texts load too, as the fallback. */
  locale?: Locale;
}

/**
 * What a page needs beyond the tiny entry script (web/boot.ts): the app, the route's code and texts,
 * its stylesheet and its first data. The bare app shell gets `<link>` hints, so the browser fetches
 * all of it at once instead of discovering it one round trip after another. A rendered page gets its
 * stylesheet, and the list of its modules for boot.ts to fetch after the first paint.
 */
export function createPreloadHints(webDir: string): (pathname: string, options?: PreloadOptions) => string[] {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  /** The chunk and everything it imports statically, as manifest keys. */
  const chunksOf = (key: string, keys = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || keys.has(key)) return keys;
    keys.add(key);
    for (const imported of chunk.imports ?? []) chunksOf(imported, keys);
    return keys;
  };
  const fileOf = (key: string) => manifest[key]?.file ?? '';
  const inEntry = new Set([...chunksOf('index.html')].map(fileOf));
  // The entry's dynamic import: the app itself (web/main.tsx).
  const appChunks = (manifest['index.html']?.dynamicImports ?? []).reduce(
    (keys, key) => chunksOf(key, keys),
    new Set<string>(),
  );

  /** A route's modules and stylesheets, worked out once per route and language. */
  const known = new Map<string, { modules: string[]; styles: string[] }>();
  function codeOf(route: ClientRoute | undefined, locale: Locale) {
    const key = `${route?.name ?? ''} ${locale}`;
    let code = known.get(key);
    if (code) return code;
    const chunks = new Set(appChunks);
    const textChunks = new Set<string>();
    if (route) {
      // A route's own dynamic imports (its first content, loaded beside its data) are needed at once too,
      // but for what it loads only on the reader's request.
      const { module } = route.screen;
      const firstContent = (manifest[module]?.dynamicImports ?? []).filter((key) => !route.onDemand?.includes(key));
      for (const chunk of [module, ...firstContent]) chunksOf(chunk, chunks);
      for (const language of locale === 'en' ? ['en'] : [locale, 'en']) {
        for (const namespace of route.namespaces) chunksOf(`locales/${language}/${namespace}.json`, textChunks);
      }
    }
    code = {
      modules: [...new Set([...chunks, ...textChunks].map(fileOf))].filter((file) => file && !inEntry.has(file)),
      // The entry's own stylesheet is in the HTML already, also when the app imports the entry chunk.
      styles: [...chunks].filter((chunk) => !inEntry.has(fileOf(chunk))).flatMap((chunk) => manifest[chunk]?.css ?? []),
    };
    known.set(key, code);
    return code;
  }

  return (pathname, { rendered = false, locale = 'en' } = {}) => {
    // Public pages only: account and admin code waits until it is asked for.
    const match = matchClientRoute(pathname);
    const route = match?.route.access === 'public' ? match : null;
    const { modules, styles } = codeOf(route?.route, locale);
    const tags = styles.map((file) => `<link rel="stylesheet" href="/${escapeAttribute(file)}" />`);
    if (rendered) {
      return [...tags, jsonDataBlock(PAGE_MODULES_ELEMENT_ID, JSON.stringify(modules.map((file) => `/${file}`)))];
    }
    return [
      ...tags,
      ...modules.map((file) => `<link rel="modulepreload" href="/${escapeAttribute(file)}" />`),
      ...(route ? firstDataOf(route) : []).map(
        (url) => `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="anonymous" />`,
      ),
    ];
  };
}
