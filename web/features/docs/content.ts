import type { DocMeta, DocPage } from './front-matter.js';

/**
 * The documentation pages in content/docs/{locale}/{slug}.md, turned into modules at build time by
 * markdown-plugin.ts: the titles, groups and orders of all pages come with this module (a few
 * hundred bytes each); each page's HTML is its own chunk, loaded when the page is opened.
 */
const metaModules = import.meta.glob<DocMeta>('../../../content/docs/*/*.md', {
  query: '?meta',
  import: 'default',
  eager: true,
});
const pageModules = import.meta.glob<DocPage>('../../../content/docs/*/*.md', { import: 'default' });

export const ALL_DOCS: readonly DocMeta[] = Object.values(metaModules);

function pageKey(locale: string, slug: string): string {
  return `../../../content/docs/${locale}/${slug}.md`;
}

const loaded = new Map<string, DocPage>();

export async function loadDocPage(locale: string, slug: string): Promise<DocPage> {
  const key = pageKey(locale, slug);
  const load = pageModules[key];
  if (!load) throw new Error(`No documentation page ${locale}/${slug}`);
  const page = await load();
  loaded.set(key, page);
  return page;
}

/** A page that has already loaded, for the first render without a loading state. */
export function loadedDocPage(locale: string, slug: string): DocPage | undefined {
  return loaded.get(pageKey(locale, slug));
}
