import { Eye } from 'lucide-react';
import type { ManagedUser } from '../../../../common/users.js';
import { useTranslation } from '../../../lib/i18n.js';

const SIZES = {
  /** In a table row. */
  row: 'h-8 px-2.5',
  /** Across a card on a phone. */
  card: 'mt-3 h-10 w-full justify-center px-3',
};

/** "View": opens a user's details, named for that user so screen readers tell the buttons apart. */
export function ViewUserButton({
  user,
  onView,
  size,
}: {
  user: ManagedUser;
  onView: (user: ManagedUser) => void;
  size: keyof typeof SIZES;
}) {
  const { t } = useTranslation('admin');
  return (
    <button
      type="button"
      onClick={() => onView(user)}
      aria-label={t('users.viewDetailsOf', { name: user.name })}
      className={`inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white text-sm font-medium text-slate-800 hover:bg-slate-100 ${SIZES[size]}`}
    >
      <Eye className="size-4" aria-hidden="true" />
      {t('users.view')}
    </button>
  );
}
