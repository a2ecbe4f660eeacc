import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Bookmark, BookmarkedPapersPage } from '../../../common/bookmarks.js';
import { ApiRequestError } from '../../lib/api-client.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { addBookmark, bookmarkKeys, bookmarkListQueryOptions, removeBookmark } from './api.js';

/**
 * Sends a change and applies it to the reader's list and bookmarked papers only once the server has
 * confirmed it: a removed bookmark leaves both, a new one joins the list and the papers are loaded
 * again when next shown. A refusal that says they are out of date (bookmarked, or removed,
 * elsewhere) loads them again. Plain state rather than useMutation: its code would land in the
 * framework chunk every page loads.
 */
function useBookmarkChange<Input>(
  readerId: number,
  send: (input: Input) => Promise<Bookmark>,
  apply: (list: Bookmark[], confirmed: Bookmark, input: Input) => Bookmark[],
  removes: (input: Input) => boolean,
  failure: string,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const change = useCallback(
    async (input: Input) => {
      const listKey = bookmarkKeys.list(readerId);
      const papersKey = bookmarkKeys.papers(readerId);
      setPending(true);
      try {
        const confirmed = await send(input);
        queryClient.setQueryData<Bookmark[]>(listKey, (list) => list && apply(list, confirmed, input));
        if (removes(input)) {
          queryClient.setQueryData<BookmarkedPapersPage>(
            papersKey,
            (papers) =>
              papers && { ...papers, items: papers.items.filter(({ bookmark }) => bookmark.id !== confirmed.id) },
          );
        } else void queryClient.invalidateQueries({ queryKey: papersKey });
      } catch (error) {
        logUnexpected(failure, error);
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 409)) {
          void queryClient.invalidateQueries({ queryKey: listKey });
          void queryClient.invalidateQueries({ queryKey: papersKey });
        }
      } finally {
        setPending(false);
      }
    },
    [queryClient, readerId, send, apply, removes, failure],
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
const togglesOff = ({ current }: Toggle) => current !== undefined;
const sendRemoval = (bookmark: Bookmark) => removeBookmark(bookmark.id);
const always = () => true;

/** Bookmarks a paper, or removes its bookmark: the toggle on the digest's cards. */
export function useBookmarkToggle(readerId: number, arxivId: string) {
  // The page loads the list (useBookmarks); a card only reads it, so its cards do not each refetch it.
  const { data: list } = useQuery({ ...bookmarkListQueryOptions(readerId), enabled: false });
  const bookmark = list?.find((candidate) => candidate.arxivId === arxivId);
  const { pending, change } = useBookmarkChange(
    readerId,
    sendToggle,
    applyToggle,
    togglesOff,
    'Error toggling bookmark',
  );
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
  const { pending, change } = useBookmarkChange(
    readerId,
    sendRemoval,
    withoutBookmark,
    always,
    'Failed to remove bookmark',
  );
  return { pending, remove: (bookmark: Bookmark) => void change(bookmark) };
}
