import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Bookmark } from '../../../common/bookmarks.js';
import { ApiRequestError } from '../../lib/api-client.js';
import { addBookmark, bookmarkKeys, bookmarkListQueryOptions, removeBookmark } from './api.js';

/**
 * Sends a change and applies it to the reader's list only once the server has confirmed it. A
 * refusal that says the list is out of date (bookmarked, or removed, elsewhere) loads it again.
 * Plain state rather than useMutation: its code would land in the framework chunk every page loads.
 */
function useBookmarkChange<Input>(
  readerId: number,
  send: (input: Input) => Promise<Bookmark>,
  apply: (list: Bookmark[], confirmed: Bookmark, input: Input) => Bookmark[],
  failure: string,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const change = useCallback(
    async (input: Input) => {
      const listKey = bookmarkKeys.list(readerId);
      setPending(true);
      try {
        const confirmed = await send(input);
        queryClient.setQueryData<Bookmark[]>(listKey, (list) => list && apply(list, confirmed, input));
      } catch (error) {
        console.error(failure, error);
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 409))
          void queryClient.invalidateQueries({ queryKey: listKey });
      } finally {
        setPending(false);
      }
    },
    [queryClient, readerId, send, apply, failure],
  );
  return { pending, change };
}

const withoutBookmark = (list: Bookmark[], removed: Bookmark) => list.filter(({ id }) => id !== removed.id);
/** A paper's toggle: its bookmark when it has one, to remove; else its id, to bookmark. */
interface Toggle {
  arxivId: string;
  current: Bookmark | undefined;
}
const sendToggle = ({ arxivId, current }: Toggle) => (current ? removeBookmark(current.id) : addBookmark(arxivId));
const applyToggle = (list: Bookmark[], confirmed: Bookmark, { current }: Toggle) =>
  current ? withoutBookmark(list, confirmed) : [confirmed, ...list];
const sendRemoval = (bookmark: Bookmark) => removeBookmark(bookmark.id);

/** Bookmarks a paper, or removes its bookmark: the toggle on the digest's cards. */
export function useBookmarkToggle(readerId: number, arxivId: string) {
  // The page loads the list (useBookmarks); a card only reads it, so its cards do not each refetch it.
  const { data: list } = useQuery({ ...bookmarkListQueryOptions(readerId), enabled: false });
  const bookmark = list?.find((candidate) => candidate.arxivId === arxivId);
  const { pending, change } = useBookmarkChange(readerId, sendToggle, applyToggle, 'Error toggling bookmark');
  return {
    /** Whether the reader's list is known yet. */
    ready: list !== undefined,
    bookmarked: bookmark !== undefined,
    pending,
    toggle: () => void change({ arxivId, current: bookmark }),
  };
}

/** Removes a bookmark from the bookmarks page. */
export function useRemoveBookmark(readerId: number) {
  const { pending, change } = useBookmarkChange(readerId, sendRemoval, withoutBookmark, 'Failed to remove bookmark');
  return { pending, remove: (bookmark: Bookmark) => void change(bookmark) };
}
