import type { ManagedUser } from '../../../../common/users.js';
import { DataTable, TABLE_CELL, TABLE_ROW } from '../../../components/ui/table.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { StatusBadge, useRoleLabel } from './status-badge.js';
import { ViewUserButton } from './view-user-button.js';

interface UsersTableProps {
  users: readonly ManagedUser[];
  onView: (user: ManagedUser) => void;
}

/** The users of one page, from the tablet width up (phones get UsersCards). */
export function UsersTable({ users, onView }: UsersTableProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const roleLabel = useRoleLabel();
  const columns = (['id', 'name', 'email', 'status', 'role', 'joined', 'actions'] as const).map((key) =>
    t(`users.columns.${key}`),
  );
  return (
    <DataTable label={t('users.tableLabel')} columns={columns}>
      {users.map((user) => (
        <tr key={user.id} className={TABLE_ROW}>
          <td className={`${TABLE_CELL} tabular-nums text-slate-600`}>{user.id}</td>
          <th scope="row" className={`${TABLE_CELL} text-start font-medium text-slate-900`}>
            {user.name}
          </th>
          <td className={TABLE_CELL}>
            <span dir="ltr">{user.email}</span>
          </td>
          <td className={TABLE_CELL}>
            <StatusBadge verified={user.isVerified} suspended={Boolean(user.suspendedAt)} />
          </td>
          <td className={TABLE_CELL}>{roleLabel(user.role)}</td>
          <td className={`${TABLE_CELL} whitespace-nowrap`}>{dates.dateTime(user.createdAt)}</td>
          <td className={TABLE_CELL}>
            <ViewUserButton user={user} onView={onView} size="row" />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
