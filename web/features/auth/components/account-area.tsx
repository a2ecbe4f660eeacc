import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicUser } from '../../../../common/users.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { useAuth } from '../auth-store.js';
import type { AccountMenu as AccountMenuComponent } from './account-menu.js';
import { AVATAR_TRIGGER_CLASS, AvatarInitials } from './avatar.js';

type AccountMenuType = typeof AccountMenuComponent;

let loadedMenu: AccountMenuType | null = null;
let menuLoading: Promise<AccountMenuType> | null = null;

function loadAccountMenu(): Promise<AccountMenuType> {
  menuLoading ??= import('./account-menu.js').then(
    (module) => {
      loadedMenu = module.AccountMenu;
      return module.AccountMenu;
    },
    (error: unknown) => {
      menuLoading = null;
      throw error;
    },
  );
  return menuLoading;
}

/**
 * The avatar of a signed-in user. The Radix menu behind it loads when the reader points at, focuses
 * or presses it (as the language menu does), and then takes the placeholder's place.
 */
function AccountButton({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [Menu, setMenu] = useState<AccountMenuType | null>(() => loadedMenu);
  const [openOnMount, setOpenOnMount] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const placeholderRef = useRef<HTMLButtonElement>(null);

  if (Menu) return <Menu user={user} openOnMount={openOnMount} focusOnMount={focusOnMount} />;

  const load = () => {
    loadAccountMenu()
      .then((component) => {
        setFocusOnMount(document.activeElement === placeholderRef.current);
        setMenu(() => component);
      })
      .catch((error: unknown) => console.error('Failed to load the account menu', error));
  };

  return (
    <button
      ref={placeholderRef}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={t('account.menu', { name: user.name })}
      className={AVATAR_TRIGGER_CLASS}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenOnMount(true);
        load();
      }}
    >
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
