import type { PaperSort } from '../../../common/popularity.js';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../common/search-rules.js';
import { readStored, writeStored } from '../../lib/storage.js';

/**
 * What the digest remembers in sessionStorage across a visit to a paper: the list page and
 * category, or the search and its page, to return to, the paper opened, and whether it was opened
 * from the bookmarks page.
 */
export const DIGEST_PAGE_KEY = 'aiDigestPage';
export const DIGEST_CATEGORY_KEY = 'aiDigestCategory';
export const DIGEST_SEARCH_KEY = 'aiDigestSearch';
export const DIGEST_SORT_KEY = 'aiDigestSort';
export const DIGEST_OPENED_KEY = 'aiDigestOpened';
export const RETURN_TO_KEY = 'returnTo';
export const RETURN_TO_BOOKMARKS = 'bookmarks';

/** The list's orders, and For you: papers like the ones the reader saved, instead of the list. */
export type DigestOrder = PaperSort | 'for-you';

export interface DigestListPosition {
  /** The page of the list, or of the search's results when searching. */
  page: number;
  /** The category shown, or searched within. */
  category: string | null;
  /** The search shown instead of the list. */
  query: string | null;
  /**
   * The list's order, or For you: the reader's recommendations in the list's place (a search keeps its
   * own order, by relevance, and this one for when it is cleared).
   */
  sort: DigestOrder;
}

export function parsePageNumber(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

/** A search query as the digest runs it: trimmed and cut to the longest the API takes; null when blank. */
export function searchQueryOf(value: string | null): string | null {
  return value?.trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim() || null;
}

export const FIRST_DIGEST_POSITION: DigestListPosition = { page: 1, category: null, query: null, sort: 'newest' };

/** The order a stored or linked value names: Popular or For you, or by default the newest first. */
const sortOf = (value: string | null): DigestOrder => (value === 'popular' || value === 'for-you' ? value : 'newest');

/** The position a list address names (?q=&page=&category=&sort=), or null for a bare /ai-digest. */
export function positionInUrl(searchParams: URLSearchParams): DigestListPosition | null {
  const query = searchQueryOf(searchParams.get('q'));
  if (!query && !['page', 'category', 'sort'].some((name) => searchParams.has(name))) return null;
  return {
    page: parsePageNumber(searchParams.get('page')) ?? 1,
    category: searchParams.get('category') || null,
    query,
    sort: sortOf(searchParams.get('sort')),
  };
}

/**
 * The address of a position: a search by its query (and its page past the first), the list by page;
 * each with its category, and Popular or For you when chosen.
 */
export function positionSearchParams({ page, category, query, sort }: DigestListPosition): URLSearchParams {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (!query || page > 1) params.set('page', String(page));
  if (category) params.set('category', category);
  if (sort !== 'newest') params.set('sort', sort);
  return params;
}

/** The element id of a paper's card, which a list address's fragment names to scroll back to it. */
export function paperCardId(arxivId: string): string {
  return `paper-${arxivId}`;
}

/** The list at a position, scrolled to the card of `arxivId` when given. */
export function digestListPath(position: DigestListPosition, arxivId: string | null): string {
  return `/ai-digest?${positionSearchParams(position)}${arxivId ? `#${paperCardId(arxivId)}` : ''}`;
}

export function readDigestListPosition(): DigestListPosition {
  return {
    page: parsePageNumber(readStored('sessionStorage', DIGEST_PAGE_KEY)) ?? 1,
    category: readStored('sessionStorage', DIGEST_CATEGORY_KEY) || null,
    query: searchQueryOf(readStored('sessionStorage', DIGEST_SEARCH_KEY)),
    sort: sortOf(readStored('sessionStorage', DIGEST_SORT_KEY)),
  };
}

export function rememberDigestListPosition({ page, category, query, sort }: DigestListPosition): void {
  writeStored('sessionStorage', DIGEST_PAGE_KEY, String(page));
  writeStored('sessionStorage', DIGEST_CATEGORY_KEY, category);
  writeStored('sessionStorage', DIGEST_SEARCH_KEY, query);
  writeStored('sessionStorage', DIGEST_SORT_KEY, sort);
}

/** The paper opened from the list, whose card the way back scrolls to. */
export function rememberOpenedPaper(arxivId: string): void {
  writeStored('sessionStorage', DIGEST_OPENED_KEY, arxivId);
}

/** A paper opened from the list at `position`: the way back leads there, to the card of `arxivId`. */
export function rememberOpeningFromList(position: DigestListPosition, arxivId: string): void {
  rememberDigestListPosition(position);
  rememberOpenedPaper(arxivId);
  clearReturnTarget();
}

export function readOpenedPaper(): string | null {
  return readStored('sessionStorage', DIGEST_OPENED_KEY) || null;
}

/** A paper opened from the bookmarks page leads back there. */
export function rememberReturnToBookmarks(): void {
  writeStored('sessionStorage', RETURN_TO_KEY, RETURN_TO_BOOKMARKS);
}

export function clearReturnTarget(): void {
  writeStored('sessionStorage', RETURN_TO_KEY, null);
}

export function returnsToBookmarks(): boolean {
  return readStored('sessionStorage', RETURN_TO_KEY) === RETURN_TO_BOOKMARKS;
}
