import { readStored, writeStored } from '../../lib/storage.js';

/**
 * What the digest remembers in sessionStorage across a visit to a paper: the list page and
 * category to return to, and whether the paper was opened from the bookmarks page.
 */
export const DIGEST_PAGE_KEY = 'aiDigestPage';
export const DIGEST_CATEGORY_KEY = 'aiDigestCategory';
export const RETURN_TO_KEY = 'returnTo';
export const RETURN_TO_BOOKMARKS = 'bookmarks';

export interface DigestListPosition {
  page: number;
  category: string | null;
}

export function parsePageNumber(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

export const FIRST_DIGEST_POSITION: DigestListPosition = { page: 1, category: null };

/** The position a list address names (?page=&category=), or null for a bare /ai-digest. */
export function positionInUrl(searchParams: URLSearchParams): DigestListPosition | null {
  if (!searchParams.has('page') && !searchParams.has('category')) return null;
  return { page: parsePageNumber(searchParams.get('page')) ?? 1, category: searchParams.get('category') || null };
}

export function readDigestListPosition(): DigestListPosition {
  return {
    page: parsePageNumber(readStored('sessionStorage', DIGEST_PAGE_KEY)) ?? 1,
    category: readStored('sessionStorage', DIGEST_CATEGORY_KEY) || null,
  };
}

export function rememberDigestListPosition({ page, category }: DigestListPosition): void {
  writeStored('sessionStorage', DIGEST_PAGE_KEY, String(page));
  writeStored('sessionStorage', DIGEST_CATEGORY_KEY, category);
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
