import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../../common/users.js';
import { formatDateTime } from '../format.js';
import { StatusBadge, useRoleLabel } from './status-badge.js';
import { ViewUserButton } from './view-user-button.js';

interface UsersTableProps {
  users: readonly PublicUser[];
  onView: (user: PublicUser) => void;
}

const HEAD = 'px-4 py-3 text-start text-sm font-semibold text-slate-600';
const CELL = 'px-4 py-3 align-middle text-sm text-slate-800';

/**
 * The users of one page, from the tablet width up (phones get UsersCards). Should the columns not
 * fit, the table scrolls sideways in a focusable region, so keyboard users can scroll it too.
 */
export function UsersTable({ users, onView }: UsersTableProps) {
  const { t } = useTranslation('admin');
  const roleLabel = useRoleLabel();
  return (
    <section
      aria-label={t('users.tableLabel')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[52rem] border-collapse">
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-200">
            <th scope="col" className={HEAD}>
              {t('users.columns.id')}
            </th>
            <th scope="col" className={HEAD}>
              {t('users.columns.name')}
            </th>
            <th scope="col" className={HEAD}>
              {t('users.columns.email')}
            </th>
            <th scope="col" className={HEAD}>
              {t('users.columns.status')}
            </th>
            <th scope="col" className={HEAD}>
              {t('users.columns.role')}
            </th>
            <th scope="col" className={HEAD}>
              {t('users.columns.joined')}
            </th>
            <th scope="col" className={HEAD}>
              {t('users.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-b border-slate-100 last:border-b-0 hover:bg-slate-50">
              <td className={`${CELL} tabular-nums text-slate-600`}>{user.id}</td>
              <th scope="row" className={`${CELL} text-start font-medium text-slate-900`}>
                {user.name}
              </th>
              <td className={CELL}>
                <span dir="ltr">{user.email}</span>
              </td>
              <td className={CELL}>
                <StatusBadge verified={user.isVerified} />
              </td>
              <td className={CELL}>{roleLabel(user.role)}</td>
              <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(user.createdAt)}</td>
              <td className={CELL}>
                <ViewUserButton user={user} onView={onView} size="row" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
