import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Bookmark } from '../../../common/bookmarks.js';
import { ApiRequestError } from '../../lib/api-client.js';
import { addBookmark, bookmarkKeys, bookmarkListQueryOptions, removeBookmark } from './api.js';

/**
 * The signed-in reader's bookmarks, loaded when a reader signs in; `readerId` is null for a visitor,
 * who has none. When the sign-in changes, every other reader's list leaves the cache.
 */
export function useBookmarks(readerId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ queryKey: bookmarkKeys.all, predicate: ({ queryKey }) => queryKey[2] !== readerId });
  }, [queryClient, readerId]);
  const query = useQuery(bookmarkListQueryOptions(readerId));
  useEffect(() => {
    if (query.error) console.error('Failed to fetch bookmarks', query.error);
  }, [query.error]);
  return query;
}

/**
 * Changes the reader's list only once the server has confirmed the change. A refusal that says the
 * list is out of date (already bookmarked, or already removed, elsewhere) loads it again.
 */
function useBookmarkChange<Input>(
  readerId: number,
  send: (input: Input) => Promise<Bookmark>,
  apply: (list: Bookmark[], confirmed: Bookmark, input: Input) => Bookmark[],
  failure: string,
) {
  const queryClient = useQueryClient();
  const listKey = bookmarkKeys.list(readerId);
  return useMutation({
    mutationFn: send,
    onSuccess: (confirmed, input) =>
      queryClient.setQueryData<Bookmark[]>(listKey, (list) => list && apply(list, confirmed, input)),
    onError: (error) => {
      console.error(failure, error);
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 409))
        void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

const withoutBookmark = (list: Bookmark[], removed: Bookmark) => list.filter(({ id }) => id !== removed.id);

/** Bookmarks a paper, or removes its bookmark: the toggle on the digest's cards. */
export function useBookmarkToggle(readerId: number, arxivId: string) {
  // The page loads the list (useBookmarks); a card only reads it, so its cards do not each refetch it.
  const { data: list } = useQuery({ ...bookmarkListQueryOptions(readerId), enabled: false });
  const bookmark = list?.find((candidate) => candidate.arxivId === arxivId);
  const change = useBookmarkChange(
    readerId,
    (current: Bookmark | undefined) => (current ? removeBookmark(current.id) : addBookmark(arxivId)),
    (list, confirmed, current) => (current ? withoutBookmark(list, confirmed) : [confirmed, ...list]),
    'Error toggling bookmark',
  );
  return {
    /** Whether the reader's list is known yet. */
    ready: list !== undefined,
    bookmarked: bookmark !== undefined,
    pending: change.isPending,
    toggle: () => change.mutate(bookmark),
  };
}

/** Removes a bookmark from the bookmarks page. */
export function useRemoveBookmark(readerId: number) {
  return useBookmarkChange(
    readerId,
    (bookmark: Bookmark) => removeBookmark(bookmark.id),
    withoutBookmark,
    'Failed to remove bookmark',
  );
}
