import { SEARCH_QUERY_MAX_LENGTH } from '../../../common/search-rules.js';
import { readStored, writeStored } from '../../lib/storage.js';

/**
 * What the digest remembers in sessionStorage across a visit to a paper: the list page and
 * category, or the search and its page, to return to, and whether the paper was opened from the
 * bookmarks page.
 */
export const DIGEST_PAGE_KEY = 'aiDigestPage';
export const DIGEST_CATEGORY_KEY = 'aiDigestCategory';
export const DIGEST_SEARCH_KEY = 'aiDigestSearch';
export const RETURN_TO_KEY = 'returnTo';
export const RETURN_TO_BOOKMARKS = 'bookmarks';

export interface DigestListPosition {
  /** The page of the list, or of the search's results when searching. */
  page: number;
  category: string | null;
  /** The search shown instead of the list; a search spans every category. */
  query: string | null;
}

export function parsePageNumber(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

/** A search query as the digest runs it: trimmed and cut to the longest the API takes; null when blank. */
export function searchQueryOf(value: string | null): string | null {
  return value?.trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim() || null;
}

export const FIRST_DIGEST_POSITION: DigestListPosition = { page: 1, category: null, query: null };

/** The position a list address names (?q=&page=&category=), or null for a bare /ai-digest. */
export function positionInUrl(searchParams: URLSearchParams): DigestListPosition | null {
  const query = searchQueryOf(searchParams.get('q'));
  if (!query && !searchParams.has('page') && !searchParams.has('category')) return null;
  return {
    page: parsePageNumber(searchParams.get('page')) ?? 1,
    category: query ? null : searchParams.get('category') || null,
    query,
  };
}

export function readDigestListPosition(): DigestListPosition {
  const query = searchQueryOf(readStored('sessionStorage', DIGEST_SEARCH_KEY));
  return {
    page: parsePageNumber(readStored('sessionStorage', DIGEST_PAGE_KEY)) ?? 1,
    category: query ? null : readStored('sessionStorage', DIGEST_CATEGORY_KEY) || null,
    query,
  };
}

export function rememberDigestListPosition({ page, category, query }: DigestListPosition): void {
  writeStored('sessionStorage', DIGEST_PAGE_KEY, String(page));
  writeStored('sessionStorage', DIGEST_CATEGORY_KEY, category);
  writeStored('sessionStorage', DIGEST_SEARCH_KEY, query);
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
