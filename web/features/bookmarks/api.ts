import { queryOptions, skipToken } from '@tanstack/react-query';
import type { BookmarkedPapersPage } from '../../../common/bookmarks.js';
import { apiGet } from '../../lib/api-client.js';
import { fetchBookmarks } from '../../lib/bookmark-requests.js';

/**
 * Query keys of the bookmarks feature. Each is keyed by its reader (third), so that one reader's
 * bookmarks can never show while another is signed in.
 */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: (readerId: number | null) => [...bookmarkKeys.all, 'list', readerId] as const,
  /** The bookmarks screen's cards: the pages loaded so far, as one page. */
  papers: (readerId: number | null) => [...bookmarkKeys.all, 'papers', readerId] as const,
};

/** GET /api/bookmarks: the signed-in reader's bookmarks, newest first; a visitor (null) has none to ask for. */
export function bookmarkListQueryOptions(readerId: number | null) {
  return queryOptions({
    queryKey: bookmarkKeys.list(readerId),
    queryFn: readerId === null ? skipToken : ({ signal }) => fetchBookmarks(signal),
  });
}

/** GET /api/bookmarks/papers: a page of the reader's bookmarks with their papers, the first without a cursor. */
export function fetchBookmarkedPapers(cursor: string | null, signal?: AbortSignal): Promise<BookmarkedPapersPage> {
  const query = cursor === null ? '' : `?${new URLSearchParams({ cursor })}`;
  return apiGet<BookmarkedPapersPage>(`/bookmarks/papers${query}`, signal);
}

/** The first page of the reader's bookmarked papers; the next ones are appended to it (useBookmarkedPapers). */
export function bookmarkedPapersQueryOptions(readerId: number | null) {
  return queryOptions({
    queryKey: bookmarkKeys.papers(readerId),
    queryFn: readerId === null ? skipToken : ({ signal }) => fetchBookmarkedPapers(null, signal),
  });
}

export { addBookmark, removeBookmark } from '../../lib/bookmark-requests.js';
