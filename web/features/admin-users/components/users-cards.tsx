import type { ManagedUser } from '../../../../common/users.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { StatusBadge, useRoleLabel } from './status-badge.js';
import { ViewUserButton } from './view-user-button.js';

interface UsersCardsProps {
  users: readonly ManagedUser[];
  onView: (user: ManagedUser) => void;
}

/** The users of one page on a phone: one card per user with the table's columns as labelled fields. */
export function UsersCards({ users, onView }: UsersCardsProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const roleLabel = useRoleLabel();
  return (
    <ul aria-label={t('users.tableLabel')} className="flex flex-col gap-3">
      {users.map((user) => (
        <li key={user.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 break-words text-base font-semibold text-slate-900">{user.name}</h2>
            <StatusBadge verified={user.isVerified} suspended={Boolean(user.suspendedAt)} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-slate-600">{t('users.columns.id')}</dt>
            <dd className="tabular-nums text-slate-900">{user.id}</dd>
            <dt className="text-slate-600">{t('users.columns.email')}</dt>
            <dd className="break-all text-slate-900">
              <span dir="ltr">{user.email}</span>
            </dd>
            <dt className="text-slate-600">{t('users.columns.role')}</dt>
            <dd className="text-slate-900">{roleLabel(user.role)}</dd>
            <dt className="text-slate-600">{t('users.columns.joined')}</dt>
            <dd className="text-slate-900">{dates.dateTime(user.createdAt)}</dd>
          </dl>
          <ViewUserButton user={user} onView={onView} size="card" />
        </li>
      ))}
    </ul>
  );
}
