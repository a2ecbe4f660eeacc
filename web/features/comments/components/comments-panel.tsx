import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isAdmin } from '../../../../common/account-rules.js';
import { COMMENTS_PAGE_SIZE, type CommentOrder } from '../../../../common/comment-rules.js';
import type { PublicUser } from '../../../../common/users.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { commentIdOfHash } from '../share.js';
import { useDeleteComment, useRemoveComment } from '../use-comment-mutations.js';
import { useCommentPages } from '../use-comment-pages.js';
import { useNow } from '../use-now.js';
import { CommentComposerSlot, SignInPrompt } from './comment-composer-slot.js';
import { CommentItem } from './comment-item.js';
import { CommentSortMenu } from './comment-sort-menu.js';
import { DeleteCommentDialog } from './delete-comment-dialog.js';
import { RemoveCommentDialog } from './remove-comment-dialog.js';
import { ReportCommentDialog } from './report-comment-dialog.js';

export interface CommentsPanelProps {
  /** The paper's numeric id. */
  paperId: number;
  /** The signed-in reader; null for a visitor, undefined while the sign-in is not known yet. */
  viewer: PublicUser | null | undefined;
  /** Navigation state for /authenticate, so that signing in comes back to this page. */
  signInState?: unknown;
}

/** The comment count shown: whole 'Show more' steps, and at least up to the highlighted comment. */
function shownCount(revealed: number, highlightIndex: number): number {
  const needed = Math.ceil((highlightIndex + 1) / COMMENTS_PAGE_SIZE) * COMMENTS_PAGE_SIZE;
  return Math.max(revealed, needed);
}

export function CommentsPanel({ paperId, viewer, signInState }: CommentsPanelProps) {
  const { t } = useTranslation('comments');
  // The comment a shared link points at (#comment-{id}): shown, scrolled to, focused and highlighted.
  const highlightId = commentIdOfHash(useLocation().hash);
  const { t: tCommon } = useTranslation();
  const [order, setOrder] = useState<CommentOrder>('newest');
  const [revealed, setRevealed] = useState(COMMENTS_PAGE_SIZE);
  // Until the highlighted comment is at hand, pages are loaded in search of it.
  const pages = useCommentPages(paperId, order, (loaded) => {
    const index = loaded.findIndex((comment) => comment.id === highlightId);
    return highlightId !== null && index < 0 ? Number.POSITIVE_INFINITY : shownCount(revealed, index);
  });
  const { data, isPending, isPlaceholderData, isError, refetch } = pages.query;
  const comments = (!isPlaceholderData && data?.comments) || [];
  const highlightIndex = comments.findIndex((comment) => comment.id === highlightId);
  const shown = shownCount(revealed, highlightIndex);
  const [confirmingDelete, setConfirmingDelete] = useState<number | null>(null);
  const deletion = useDeleteComment(paperId);
  const [reporting, setReporting] = useState<number | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState<number | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const removal = useRemoveComment(paperId);
  const moderator = isAdmin(viewer);
  const now = useNow();

  // The highlighted comment is scrolled to and focused once, when it first appears.
  const reached = useRef<number | null>(null);
  const highlightRef = useCallback(
    (element: HTMLLIElement | null) => {
      if (!element || reached.current === highlightId) return;
      reached.current = highlightId;
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
    },
    [highlightId],
  );

  // The next comments are revealed as soon as they are loaded; a page that failed is asked again.
  const showMore = () => {
    if (pages.loadingMore) return;
    pages.retry();
    setRevealed(shown + COMMENTS_PAGE_SIZE);
  };

  const askToDelete = (id: number) => {
    deletion.reset();
    setConfirmingDelete(id);
  };
  const confirmDelete = async () => {
    if (confirmingDelete === null) return;
    try {
      await deletion.run(confirmingDelete);
      setConfirmingDelete(null);
    } catch (error) {
      logUnexpected('Failed to delete the comment', error);
    }
  };

  const askToRemove = (id: number) => {
    removal.reset();
    setConfirmingRemoval(id);
  };
  const confirmRemoval = async (reason: string) => {
    if (confirmingRemoval === null) return;
    try {
      await removal.run({ id: confirmingRemoval, reason });
      setConfirmingRemoval(null);
    } catch (error) {
      logUnexpected('Failed to remove the comment', error);
    }
  };

  let list: ReactNode;
  if (isPending || isPlaceholderData) list = <Spinner label={t('loading')} />;
  else if (isError)
    list = (
      <div role="alert" className="space-y-3 text-slate-700">
        <p>{t('loadError')}</p>
        <Button onClick={() => void refetch()}>{tCommon('common.tryAgain')}</Button>
      </div>
    );
  else if (comments.length === 0) list = <p className="text-slate-600">{t('empty')}</p>;
  else
    list = (
      <ol className="space-y-3">
        {comments.slice(0, shown).map((comment) => {
          const isAuthor = viewer?.id === comment.userId;
          // Signed-in readers report others' comments; administrators also remove them.
          const others = viewer && !isAuthor && !comment.removal;
          return (
            <CommentItem
              key={comment.id}
              comment={comment}
              now={now}
              isAuthor={isAuthor}
              editing={comment.id === editingId}
              onEditing={(editing) => setEditingId(editing ? comment.id : null)}
              highlighted={comment.id === highlightId}
              itemRef={comment.id === highlightId ? highlightRef : undefined}
              onDelete={() => askToDelete(comment.id)}
              onReport={others ? () => setReporting(comment.id) : undefined}
              onRemove={others && moderator ? () => askToRemove(comment.id) : undefined}
            />
          );
        })}
      </ol>
    );

  return (
    <div className="space-y-5">
      {viewer === null && <SignInPrompt state={signInState} />}
      {viewer && <CommentComposerSlot paperId={paperId} onPosted={() => setOrder('newest')} />}
      {(data?.total ?? 0) > 0 && <CommentSortMenu order={order} onChange={setOrder} />}
      {list}
      {pages.moreFailed && (
        <p role="alert" className="text-slate-700">
          {t('loadMoreError')}
        </p>
      )}
      {(comments.length > shown || pages.hasMore) && (
        <Button aria-disabled={pages.loadingMore} onClick={showMore}>
          {t('showMore')}
        </Button>
      )}
      <DeleteCommentDialog
        open={confirmingDelete !== null}
        deleting={deletion.pending}
        failed={deletion.error !== null}
        onCancel={() => setConfirmingDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
      <RemoveCommentDialog
        open={confirmingRemoval !== null}
        removing={removal.pending}
        failed={removal.error !== null}
        onCancel={() => setConfirmingRemoval(null)}
        onConfirm={(reason) => void confirmRemoval(reason)}
      />
      <ReportCommentDialog commentId={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}
