import { useQuery } from '@tanstack/react-query';
import { MoveLeft, UsersRound } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { USER_ERRORS } from '../../common/account-rules.js';
import type { ManagedUser } from '../../common/users.js';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { ListStates } from '../components/ui/list-states.js';
import { Pager } from '../components/ui/pager.js';
import { Toaster, toast } from '../components/ui/toaster.js';
import { type AccountAction, userListQueryOptions, type VerifiedFilter } from '../features/admin-users/api.js';
import { AccountActionDialog } from '../features/admin-users/components/account-action-dialog.js';
import { UserDetailsDialog } from '../features/admin-users/components/user-details-dialog.js';
import { UsersCards } from '../features/admin-users/components/users-cards.js';
import { UsersFilters } from '../features/admin-users/components/users-filters.js';
import { UsersTable } from '../features/admin-users/components/users-table.js';
import { useAccountActions } from '../features/admin-users/use-account-actions.js';
import { useUserVerification } from '../features/admin-users/use-user-verification.js';
import { useWideScreen } from '../features/admin-users/use-wide-screen.js';
import { useAuth } from '../features/auth/auth-store.js';
import { ApiRequestError } from '../lib/api-client.js';
import { apiErrorText } from '../lib/api-error-text.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

/** The toast of each account action's success (admin `details.done.<key>`). */
const DONE = {
  suspend: 'suspended',
  restore: 'restored',
  promote: 'promoted',
  demote: 'demoted',
  delete: 'deleted',
} as const satisfies Record<AccountAction, string>;

/** /admin/users (SPEC §2 Manage users), with the account actions of the details. */
export function ManageUsersPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('users.title'));
  const { user: currentUser, refresh } = useAuth();
  const [verified, setVerified] = useState<VerifiedFilter>('all');
  const [limit, setLimit] = useState(10);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ManagedUser | null>(null);
  const wide = useWideScreen();
  const { data, error, isPending, refetch } = useQuery(userListQueryOptions({ page, limit, verified }));
  // The modal shows the server's answer, unless it was closed or moved to another user meanwhile.
  const showUpdated = useCallback(
    (updated: ManagedUser) => setSelected((current) => (current?.id === updated.id ? updated : current)),
    [],
  );
  const verification = useUserVerification(showUpdated);
  const afterAction = useCallback(
    (action: AccountAction, updated: ManagedUser | null) => {
      toast.success(t(`details.done.${DONE[action]}`));
      if (updated) showUpdated(updated);
      else setSelected(null);
    },
    [showUpdated, t],
  );
  const actions = useAccountActions(afterAction);

  useEffect(() => {
    if (!error) return;
    logUnexpected('Failed to fetch users', error);
    // A session that ended or lost its admin role: the check updates the account and the guard.
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) void refresh();
  }, [error, refresh]);

  const totalPages = data?.pagination.totalPages ?? 0;
  // A page past the end (accounts left the filter since) moves to the last page.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const open = (user: ManagedUser) => {
    verification.reset();
    setSelected(user);
  };

  let verificationError: string | null = null;
  if (verification.error) {
    const selfUnverify =
      verification.error instanceof ApiRequestError && verification.error.code === USER_ERRORS.ownAccount;
    verificationError = selfUnverify
      ? `${t('details.failed')}: ${t('details.cannotUnverifySelf')}`
      : t('details.failed');
  }

  const content = (
    <ListStates
      isPending={isPending}
      failed={Boolean(error)}
      isEmpty={!data || data.users.length === 0}
      onRetry={() => void refetch()}
      texts={{
        loading: t('users.loading'),
        failed: t('users.fetchFailed'),
        retry: t('users.retry'),
        empty: t('users.empty'),
      }}
    >
      {() =>
        data &&
        (wide ? <UsersTable users={data.users} onView={open} /> : <UsersCards users={data.users} onView={open} />)
      }
    </ListStates>
  );

  return (
    <PageShell>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex items-start gap-3">
            <UsersRound className="mt-1 size-8 shrink-0 text-indigo-700" aria-hidden="true" />
            <div>
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('users.title')}</h1>
              <p className="mt-1 text-slate-600">{t('users.subtitle')}</p>
            </div>
          </div>
          <Link to="/admin" className={buttonClasses('secondary', 'md', 'self-start')}>
            <MoveLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('users.backToDashboard')}
          </Link>
        </div>
        <UsersFilters
          verified={verified}
          limit={limit}
          onVerifiedChange={(value) => {
            setVerified(value);
            setPage(1);
          }}
          onLimitChange={(value) => {
            setLimit(value);
            setPage(1);
          }}
        />
        {content}
        {data && !error && (
          <Pager
            page={page}
            totalPages={data.pagination.totalPages}
            label={t('users.pagination')}
            summary={t('users.pageInfo', {
              page,
              totalPages: data.pagination.totalPages,
              total: data.pagination.total,
            })}
            onPageChange={setPage}
          />
        )}
      </div>
      <UserDetailsDialog
        user={selected}
        currentUserId={currentUser?.id ?? null}
        processing={verification.pendingId !== null && verification.pendingId === selected?.id}
        error={verificationError}
        onToggleVerified={(user) => void verification.toggle(user)}
        onAction={actions.ask}
        onClose={() => setSelected(null)}
      />
      <AccountActionDialog
        asked={actions.asked}
        pending={actions.pending}
        error={
          actions.error
            ? `${t('details.actionFailed')}: ${apiErrorText(actions.error, (code) => t(`apiErrors.${code}`)) ?? t('apiErrors.internal_error')}`
            : null
        }
        onCancel={actions.cancel}
        onConfirm={(suspension) => void actions.confirm(suspension)}
      />
      <Toaster />
    </PageShell>
  );
}
