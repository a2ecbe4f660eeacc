/**
 * A paper's cover is drawn (server/modules/papers/cover.ts) from its arXiv id, title and first
 * category, named in the page's language. Its URL names a version of those, so a browser may keep it
 * for good: after an edit the paper's cover has a new URL. Free of zod and of Node, so the web bundle
 * can build the URL.
 */
import type { Locale } from './account-rules.js';
import { categoryName, type NamedCategory } from './category-name.js';

export interface CoverInput {
  arxivId: string;
  title: string;
  category: string;
}

/** Part of every cover version: bump it whenever the drawing changes, so caches fetch the new covers. */
export const COVER_RENDERER_VERSION = 1;

/**
 * What a paper card gives of its cover: the first of its categories (sorted by name) is printed on
 * it, in Arabic on Arabic pages when the category has an Arabic name.
 */
export function coverInputOf(
  paper: { arxivId: string; title: string; categories: readonly NamedCategory[] },
  locale: Locale = 'en',
): CoverInput {
  const first = paper.categories[0];
  return { arxivId: paper.arxivId, title: paper.title, category: first ? categoryName(first, locale) : '' };
}

/**
 * A 53-bit hash of text (cyrb53), in base 36: not a secret, only a name that changes whenever the text
 * does, computed alike in the browser and on the server.
 */
function hash53(text: string): string {
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return (4294967296 * (2097151 & second) + (first >>> 0)).toString(36);
}

/** The version of a cover: the renderer's, and a hash of what it is drawn from (`1-3k8x0p2m9qz`). */
export function coverVersion(input: CoverInput): string {
  return `${COVER_RENDERER_VERSION}-${hash53(JSON.stringify([input.arxivId, input.title, input.category]))}`;
}
