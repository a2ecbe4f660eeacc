import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BookmarkedPapersPage } from '../../../common/bookmarks.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { useNextPage } from '../../lib/use-next-page.js';
import { bookmarkedPapersQueryOptions, bookmarkKeys, bookmarkListQueryOptions, fetchBookmarkedPapers } from './api.js';

/** When the sign-in changes, every other reader's bookmarks leave the cache. */
function useForgetOtherReaders(readerId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ queryKey: bookmarkKeys.all, predicate: ({ queryKey }) => queryKey[2] !== readerId });
  }, [queryClient, readerId]);
}

/**
 * The signed-in reader's bookmarks, loaded when a reader signs in; `readerId` is null for a visitor,
 * who has none.
 */
export function useBookmarks(readerId: number | null) {
  useForgetOtherReaders(readerId);
  const query = useQuery(bookmarkListQueryOptions(readerId));
  useEffect(() => {
    if (query.error) logUnexpected('Failed to fetch bookmarks', query.error);
  }, [query.error]);
  return query;
}

const appendItems = (list: BookmarkedPapersPage, next: BookmarkedPapersPage): BookmarkedPapersPage => ({
  items: [...list.items, ...next.items],
  nextCursor: next.nextCursor,
});

/**
 * The reader's bookmarked papers for the bookmarks screen, a page per request: the first page, and
 * `loadMore` for the next, appended to it.
 */
export function useBookmarkedPapers(readerId: number | null) {
  useForgetOtherReaders(readerId);
  const query = useQuery(bookmarkedPapersQueryOptions(readerId));
  const nextPage = useNextPage(bookmarkKeys.papers(readerId), appendItems);
  useEffect(() => {
    if (query.error) logUnexpected('Failed to fetch bookmarks', query.error);
  }, [query.error]);
  const nextCursor = query.data?.nextCursor ?? null;
  return {
    query,
    /** Whether the next page is being loaded. */
    loadingMore: nextPage.pendingCursor !== null,
    /** Whether the last attempt at the next page failed. */
    moreFailed: nextCursor !== null && nextPage.failedCursor === nextCursor,
    loadMore() {
      if (nextCursor === null || nextPage.pendingCursor !== null) return;
      nextPage
        .load(nextCursor, (cursor) => fetchBookmarkedPapers(cursor))
        .catch((error: unknown) => logUnexpected('Error fetching bookmarks', error));
    },
  };
}
