import { describe, expect, it } from 'vitest';
import { buildDocsIndex, findPage, flattenIndex } from './docs-index.js';
import type { DocMeta } from './front-matter.js';

const doc = (locale: string, slug: string, group: string, order: number, title = `${slug} (${locale})`): DocMeta => ({
  locale,
  slug,
  group,
  order,
  title,
});

const ALL: DocMeta[] = [
  doc('en', 'agents', 'concepts', 1),
  doc('en', 'papers', 'digest-api', 1),
  doc('en', 'search', 'digest-api', 3),
  doc('en', 'categories', 'digest-api', 2),
  doc('en', 'installation', 'getting-started', 2),
  doc('en', 'introduction', 'getting-started', 1),
  doc('en', 'faq', 'extras', 1),
  doc('en', 'b-page', 'getting-started', Number.MAX_SAFE_INTEGER, 'Beta'),
  doc('en', 'a-page', 'getting-started', Number.MAX_SAFE_INTEGER, 'Alpha'),
  doc('ar', 'introduction', 'getting-started', 1, 'مقدمة'),
  doc('ar', 'papers', 'digest-api', 1, 'الأوراق'),
];

describe('buildDocsIndex', () => {
  it('puts Getting Started first, then the known groups, then others; pages by order, then title', () => {
    const groups = buildDocsIndex(ALL, 'en');
    expect(groups.map((group) => group.id)).toEqual(['getting-started', 'digest-api', 'concepts', 'extras']);
    expect(groups[0]?.pages.map((page) => page.slug)).toEqual(['introduction', 'installation', 'a-page', 'b-page']);
    expect(groups[1]?.pages.map((page) => page.slug)).toEqual(['papers', 'categories', 'search']);
  });

  it('uses the translation where there is one and English for the rest', () => {
    const groups = buildDocsIndex(ALL, 'ar');
    const pages = flattenIndex(groups);
    expect(pages.find((page) => page.slug === 'introduction')).toMatchObject({ title: 'مقدمة', locale: 'ar' });
    expect(pages.find((page) => page.slug === 'papers')).toMatchObject({ title: 'الأوراق', locale: 'ar' });
    expect(pages.find((page) => page.slug === 'installation')).toMatchObject({ locale: 'en' });
    expect(pages).toHaveLength(9);
  });

  it('ignores other languages', () => {
    const groups = buildDocsIndex([...ALL, doc('fr', 'bonjour', 'getting-started', 0)], 'en');
    expect(flattenIndex(groups).some((page) => page.slug === 'bonjour')).toBe(false);
  });
});

describe('findPage', () => {
  const groups = buildDocsIndex(ALL, 'en');
  it('opens the first page without a choice, the named page, and nothing for an unknown one', () => {
    expect(findPage(groups, null)).toMatchObject({ page: { slug: 'introduction' }, group: 'getting-started' });
    expect(findPage(groups, 'search')).toMatchObject({ page: { slug: 'search' }, group: 'digest-api' });
    expect(findPage(groups, 'missing')).toBeNull();
  });
});
