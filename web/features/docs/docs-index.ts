import type { DocMeta } from './front-matter.js';

/** The sidebar's groups in order: Getting Started first; groups not listed here follow, by id. */
export const GROUP_ORDER = ['getting-started', 'digest-api', 'concepts'] as const;

export interface DocEntry {
  slug: string;
  title: string;
  order: number;
  /** The language the page will be shown in: the reader's, or English when it is not translated. */
  locale: string;
}

export interface DocGroup {
  id: string;
  pages: DocEntry[];
}

function groupRank(id: string): number {
  const rank = (GROUP_ORDER as readonly string[]).indexOf(id);
  return rank === -1 ? GROUP_ORDER.length : rank;
}

/**
 * The pages of one language, each slug once: the translation when there is one, else the English
 * page (the fallback). Grouped in GROUP_ORDER, pages by their order and then their title.
 */
export function buildDocsIndex(all: readonly DocMeta[], locale: string, fallback = 'en'): DocGroup[] {
  const chosen = new Map<string, DocMeta>();
  for (const meta of all) {
    if (meta.locale !== locale && meta.locale !== fallback) continue;
    const existing = chosen.get(meta.slug);
    if (!existing || (meta.locale === locale && existing.locale !== locale)) chosen.set(meta.slug, meta);
  }
  const groups = new Map<string, DocEntry[]>();
  for (const meta of chosen.values()) {
    const pages = groups.get(meta.group) ?? [];
    pages.push({ slug: meta.slug, title: meta.title, order: meta.order, locale: meta.locale });
    groups.set(meta.group, pages);
  }
  return [...groups.entries()]
    .map(([id, pages]) => ({
      id,
      pages: pages.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, locale)),
    }))
    .sort((a, b) => groupRank(a.id) - groupRank(b.id) || a.id.localeCompare(b.id));
}

export function flattenIndex(groups: readonly DocGroup[]): DocEntry[] {
  return groups.flatMap((group) => group.pages);
}

/** The page a URL asks for, the first page when it asks for none, or null for an unknown page. */
export function findPage(groups: readonly DocGroup[], slug: string | null): { page: DocEntry; group: string } | null {
  for (const group of groups) {
    for (const page of group.pages) if (slug === null || page.slug === slug) return { page, group: group.id };
  }
  return null;
}
