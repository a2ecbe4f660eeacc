import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADMIN_COMMENTS_PAGE_SIZE } from '../../common/moderation-rules.js';
import { PageShell } from '../components/layout/page-shell.js';
import { ListStates } from '../components/ui/list-states.js';
import { PageHeading } from '../components/ui/page-heading.js';
import { Pager } from '../components/ui/pager.js';
import { Toaster, toast } from '../components/ui/toaster.js';
import {
  type AdminCommentFilter,
  adminCommentKeys,
  adminCommentsQueryOptions,
  dismissReports,
} from '../features/admin-comments/api.js';
import { AdminCommentCard } from '../features/admin-comments/components/admin-comment-card.js';
import { AdminCommentFilters } from '../features/admin-comments/components/admin-comment-filters.js';
import { removeCommentAsModerator } from '../features/comments/api.js';
import { RemoveCommentDialog } from '../features/comments/components/remove-comment-dialog.js';
import { apiErrorText } from '../lib/api-error-text.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

/** /admin/comments: recent comments, reported ones first, to remove or to clear of their reports. */
export function ManageCommentsPage() {
  const { t } = useTranslation(['admin-comments', 'admin']);
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<AdminCommentFilter>({ reported: false });
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch } = useQuery(
    adminCommentsQueryOptions({ ...filter, page, limit: ADMIN_COMMENTS_PAGE_SIZE }),
  );
  const [confirmingRemoval, setConfirmingRemoval] = useState<number | null>(null);
  const [removal, setRemoval] = useState<{ pending: boolean; failed: boolean }>({ pending: false, failed: false });
  const [dismissing, setDismissing] = useState<number | null>(null);

  useEffect(() => {
    if (error) logUnexpected('Failed to fetch comments', error);
  }, [error]);
  const totalPages = data?.pagination.totalPages ?? 0;
  // A page past the end (comments removed or reports dismissed since) moves to the last page.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const changeFilter = (next: AdminCommentFilter) => {
    setFilter(next);
    setPage(1);
  };
  const failed = (what: string, failure: unknown) => {
    logUnexpected(what, failure);
    toast.error(apiErrorText(failure, (code) => t(`apiErrors.${code}`)) ?? t('failed'));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminCommentKeys.lists() });

  const remove = async (reason: string) => {
    if (confirmingRemoval === null) return;
    setRemoval({ pending: true, failed: false });
    try {
      await removeCommentAsModerator({ id: confirmingRemoval, reason });
      setConfirmingRemoval(null);
      setRemoval({ pending: false, failed: false });
      toast.success(t('removed'));
      await refresh();
    } catch (failure) {
      logUnexpected('Failed to remove the comment', failure);
      setRemoval({ pending: false, failed: true });
    }
  };
  const dismiss = async (id: number) => {
    setDismissing(id);
    try {
      await dismissReports(id);
      toast.success(t('dismissed'));
      await refresh();
    } catch (failure) {
      failed('Failed to dismiss the reports', failure);
    } finally {
      setDismissing(null);
    }
  };

  const content = (
    <ListStates
      isPending={isPending}
      failed={Boolean(error)}
      isEmpty={!data || data.comments.length === 0}
      onRetry={() => void refetch()}
      texts={{ loading: t('loading'), failed: t('fetchFailed'), retry: t('retry'), empty: t('empty') }}
    >
      {() =>
        data && (
          <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
            {data.comments.map((comment) => (
              <li key={comment.id}>
                <AdminCommentCard
                  comment={comment}
                  dismissing={dismissing === comment.id}
                  onRemove={() => {
                    setRemoval({ pending: false, failed: false });
                    setConfirmingRemoval(comment.id);
                  }}
                  onDismiss={() => void dismiss(comment.id)}
                  onOnlyPaper={() =>
                    changeFilter({ ...filter, paper: { id: comment.paperId, title: comment.paperTitle } })
                  }
                  onOnlyAuthor={() =>
                    comment.userId !== null &&
                    changeFilter({ ...filter, author: { id: comment.userId, name: comment.name } })
                  }
                />
              </li>
            ))}
          </ul>
        )
      }
    </ListStates>
  );

  return (
    <PageShell>
      <div className="flex flex-col gap-6">
        <PageHeading
          icon={MessageSquareWarning}
          title={t('title')}
          subtitle={t('subtitle')}
          back={{ to: '/admin', label: t('backToDashboard') }}
        />
        <AdminCommentFilters filter={filter} onChange={changeFilter} />
        {content}
        {data && !error && (
          <Pager
            page={page}
            totalPages={data.pagination.totalPages}
            label={t('pagination')}
            summary={t('pageInfo', { page, totalPages: data.pagination.totalPages, total: data.pagination.total })}
            onPageChange={setPage}
          />
        )}
      </div>
      <RemoveCommentDialog
        open={confirmingRemoval !== null}
        removing={removal.pending}
        failed={removal.failed}
        onCancel={() => setConfirmingRemoval(null)}
        onConfirm={(reason) => void remove(reason)}
      />
      <Toaster />
    </PageShell>
  );
}
