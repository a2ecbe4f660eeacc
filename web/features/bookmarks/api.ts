import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchBookmarks } from '../../lib/bookmark-requests.js';

/**
 * Query keys of the bookmarks feature. A list is keyed by its reader, so that one reader's
 * bookmarks can never show while another is signed in.
 */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: (readerId: number | null) => [...bookmarkKeys.all, 'list', readerId] as const,
};

/** GET /api/bookmarks: the signed-in reader's bookmarks, newest first; a visitor (null) has none to ask for. */
export function bookmarkListQueryOptions(readerId: number | null) {
  return queryOptions({
    queryKey: bookmarkKeys.list(readerId),
    queryFn: readerId === null ? skipToken : ({ signal }) => fetchBookmarks(signal),
  });
}

export { addBookmark, removeBookmark } from '../../lib/bookmark-requests.js';
