import { Ban, CircleCheck, CircleDashed } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.js';

/** Verified or Unverified, and Suspended when it is, told by text and icon as well as colour. */
export function StatusBadge({ verified, suspended = false }: { verified: boolean; suspended?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex flex-wrap gap-1">
      {verified ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
          <CircleCheck className="size-3.5" aria-hidden="true" />
          {t('users.verified')}
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
          <CircleDashed className="size-3.5" aria-hidden="true" />
          {t('users.unverified')}
        </span>
      )}
      {suspended && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
          <Ban className="size-3.5" aria-hidden="true" />
          {t('users.suspended')}
        </span>
      )}
    </span>
  );
}

/** The role's name in the reader's language; a role this client does not know is shown as stored. */
export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation('admin');
  return (role) => (role === 'admin' || role === 'user' ? t(`users.roles.${role}`) : role);
}
