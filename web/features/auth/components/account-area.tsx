import { Link } from 'react-router';
import type { PublicUser } from '../../../../common/users.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { lazyMenuLoader, useLazyMenu } from '../../../components/ui/lazy-menu.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useAuth } from '../auth-store.js';
import { AVATAR_TRIGGER_CLASS, AvatarInitials } from './avatar.js';

const accountMenu = lazyMenuLoader(async () => (await import('./account-menu.js')).AccountMenu);

/** The avatar of a signed-in user; its menu's code loads on first interest (see useLazyMenu). */
function AccountButton({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { Menu, menuProps, triggerProps } = useLazyMenu(accountMenu, 'account menu');
  if (Menu) return <Menu user={user} {...menuProps} />;
  return (
    <button {...triggerProps} aria-label={t('account.menu', { name: user.name })} className={AVATAR_TRIGGER_CLASS}>
      <AvatarInitials user={user} />
    </button>
  );
}

/** The header's account corner: Sign in and Register, or the signed-in user's avatar and menu. */
export function AccountArea() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (user) return <AccountButton user={user} />;
  return (
    <>
      <Link to="/authenticate" className={buttonClasses('ghost', 'sm')}>
        {t('nav.signIn')}
      </Link>
      <Link to="/authenticate?register" className={buttonClasses('primary', 'sm')}>
        {t('nav.register')}
      </Link>
    </>
  );
}
