import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bookmarkKeys, bookmarkListQueryOptions } from './api.js';

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
