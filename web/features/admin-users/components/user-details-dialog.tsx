import { useId } from 'react';
import type { ManagedUser } from '../../../../common/users.js';
import { Button } from '../../../components/ui/button.js';
import { ModalDialog } from '../../../components/ui/modal-dialog.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { AccountAction } from '../api.js';
import { StatusBadge, useRoleLabel } from './status-badge.js';

interface UserDetailsDialogProps {
  user: ManagedUser | null;
  /** The signed-in administrator's id: their own account offers no Unverify User. */
  currentUserId: number | null;
  processing: boolean;
  error: string | null;
  onToggleVerified: (user: ManagedUser) => void;
  /** Suspend, Restore, Make admin, Remove admin role, Delete account: asked first by the page. */
  onAction: (action: AccountAction, user: ManagedUser) => void;
  onClose: () => void;
}

/** The account actions an administrator may take on another account (never on their own). */
function AccountActions({ user, onAction }: { user: ManagedUser; onAction: UserDetailsDialogProps['onAction'] }) {
  const { t } = useTranslation('admin');
  const suspended = Boolean(user.suspendedAt);
  return (
    <section className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('details.manage')}</h3>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onAction(suspended ? 'restore' : 'suspend', user)}>
          {suspended ? t('details.restore') : t('details.suspend')}
        </Button>
        {user.role === 'admin' ? (
          <Button size="sm" onClick={() => onAction('demote', user)}>
            {t('details.removeAdmin')}
          </Button>
        ) : (
          !suspended && (
            <Button size="sm" onClick={() => onAction('promote', user)}>
              {t('details.makeAdmin')}
            </Button>
          )
        )}
        <Button size="sm" variant="danger" onClick={() => onAction('delete', user)}>
          {t('details.delete')}
        </Button>
      </div>
    </section>
  );
}

/**
 * 'User Details' (SPEC §2 Manage users): the account's fields and Verify User or Unverify User, except
 * on the administrator's own verified account, which the server refuses to unverify.
 */
export function UserDetailsDialog({
  user,
  currentUserId,
  processing,
  error,
  onToggleVerified,
  onAction,
  onClose,
}: UserDetailsDialogProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const roleLabel = useRoleLabel();
  const titleId = useId();
  const ownVerifiedAccount = user?.isVerified && user.id === currentUserId;

  return (
    <ModalDialog open={user !== null} onClose={onClose} labelledBy={titleId} className="max-w-lg">
      {user && (
        <>
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {t('details.title')}
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm">
            <dt className="font-medium text-slate-600">{t('users.columns.id')}</dt>
            <dd className="tabular-nums text-slate-900">{user.id}</dd>
            <dt className="font-medium text-slate-600">{t('users.columns.name')}</dt>
            <dd className="break-words text-slate-900">{user.name}</dd>
            <dt className="font-medium text-slate-600">{t('users.columns.email')}</dt>
            <dd className="break-all text-slate-900">
              <span dir="ltr">{user.email}</span>
            </dd>
            <dt className="font-medium text-slate-600">{t('users.columns.role')}</dt>
            <dd className="text-slate-900">{roleLabel(user.role)}</dd>
            <dt className="font-medium text-slate-600">{t('users.columns.status')}</dt>
            <dd>
              <StatusBadge verified={user.isVerified} suspended={Boolean(user.suspendedAt)} />
            </dd>
            <dt className="font-medium text-slate-600">{t('users.columns.joined')}</dt>
            <dd className="text-slate-900">{dates.dateTime(user.createdAt)}</dd>
            <dt className="font-medium text-slate-600">{t('details.lastUpdated')}</dt>
            <dd className="text-slate-900">{dates.dateTime(user.updatedAt)}</dd>
          </dl>
          {error && (
            <div
              role="alert"
              className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
            >
              {error}
            </div>
          )}
          {ownVerifiedAccount && <p className="mt-4 text-sm text-slate-600">{t('details.cannotUnverifySelf')}</p>}
          {user.id === currentUserId ? (
            <p className="mt-2 text-sm text-slate-600">{t('details.ownAccount')}</p>
          ) : (
            <AccountActions user={user} onAction={onAction} />
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button onClick={onClose}>{t('details.close')}</Button>
            {!ownVerifiedAccount && (
              <Button
                variant="primary"
                aria-busy={processing}
                disabled={processing}
                onClick={() => onToggleVerified(user)}
              >
                {processing ? t('details.processing') : user.isVerified ? t('details.unverify') : t('details.verify')}
              </Button>
            )}
          </div>
        </>
      )}
    </ModalDialog>
  );
}
