import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { COMMENTS_PAGE_MAX, COMMENTS_PAGE_SIZE, type CommentOrder } from '../../../common/comment-rules.js';
import type { Comment, CommentPage } from '../../../common/comments.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { useNextPage } from '../../lib/use-next-page.js';
import { commentKeys, commentPagesQueryOptions, fetchCommentPage } from './api.js';

const appendComments = (list: CommentPage, next: CommentPage): CommentPage => ({
  comments: [...list.comments, ...next.comments],
  nextCursor: next.nextCursor,
  total: next.total,
});

/**
 * A paper's comments in `order`: the first page, then further pages appended to it until at least as
 * many comments as `wantedOf` the comments at hand are loaded, or none remain. A page that fails is
 * asked again only after `retry`.
 */
export function useCommentPages(
  paperId: number,
  order: CommentOrder,
  wantedOf: (loaded: readonly Comment[]) => number,
) {
  const query = useQuery({
    ...commentPagesQueryOptions(paperId, order),
    // While the other order loads, the paper's comments as they were keep the controls in place (the
    // key's third part is the paper).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === paperId ? previous : undefined),
  });
  // A stable key keeps `load` stable, so the effect below runs only when what it reads changes.
  const pagesKey = useMemo(() => commentKeys.pages(paperId, order), [paperId, order]);
  const nextPage = useNextPage(pagesKey, appendComments);
  const { load } = nextPage;
  const current = query.isPlaceholderData ? undefined : query.data;
  const loaded = current?.comments.length ?? 0;
  const wanted = wantedOf(current?.comments ?? []);
  const nextCursor = current?.nextCursor ?? null;
  const loadingMore = nextPage.pendingCursor !== null;
  const moreFailed = nextCursor !== null && nextPage.failedCursor === nextCursor;

  useEffect(() => {
    if (nextCursor === null || loadingMore || moreFailed || loaded >= wanted) return;
    // As many as are wanted in one request, within what a page may hold.
    const limit = Math.min(COMMENTS_PAGE_MAX, Math.max(COMMENTS_PAGE_SIZE, wanted - loaded));
    load(nextCursor, (cursor) => fetchCommentPage(paperId, { order, cursor, limit })).catch((error: unknown) =>
      logUnexpected('Failed to load more comments', error),
    );
  }, [load, nextCursor, loadingMore, moreFailed, loaded, wanted, paperId, order]);

  return { query, hasMore: nextCursor !== null, loadingMore, moreFailed, retry: nextPage.forgetFailure };
}
