import { KeyRound, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../../common/users.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** The reader's name and email, and the way to a new password: a link mailed to that address. */
export function ProfileSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <UserRound className="size-5 text-indigo-700" aria-hidden="true" />
        {t('page.profile')}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('page.name')}</dt>
        <dd className="min-w-0 break-words font-medium text-slate-900" dir="auto">
          {user.name}
        </dd>
        <dt className="text-slate-600">{t('page.email')}</dt>
        <dd className="min-w-0 break-all font-medium text-slate-900" dir="ltr">
          {user.email}
        </dd>
      </dl>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Link to="/forgot-password" className={buttonClasses('secondary', 'md', 'self-start')}>
          <KeyRound className="size-4" aria-hidden="true" />
          {t('page.changePassword')}
        </Link>
        <p className="text-sm text-slate-600">{t('page.changePasswordHint')}</p>
      </div>
    </section>
  );
}
