import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bookmark, LogOut, Mail, ShieldCheck, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../../common/users.js';
import { Button } from '../../../components/ui/button.js';
import { useCurrentLocale } from '../../../components/ui/language-trigger.js';
import { ModalDialog } from '../../../components/ui/modal-dialog.js';
import { textDirection, useTranslation } from '../../../lib/i18n.js';
import { EMAIL_DIGEST_SECTION } from '../account-navigation.js';
import { useAuth } from '../auth-store.js';
import { AVATAR_TRIGGER_CLASS, AvatarInitials } from './avatar.js';

const ITEM =
  'flex items-center gap-2.5 rounded-lg px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900';

interface LogoutDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** SPEC §2: Logout asks for confirmation with Cancel and Logout buttons. */
function LogoutDialog({ open, onCancel, onConfirm }: LogoutDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <ModalDialog open={open} onClose={onCancel} labelledBy={titleId} describedBy={messageId} className="max-w-sm">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('account.logoutTitle')}
      </h2>
      <p id={messageId} className="mt-2 text-slate-700">
        {t('account.logoutConfirm')}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button autoFocus onClick={onCancel}>
          {t('account.cancel')}
        </Button>
        <button
          type="button"
          onClick={onConfirm}
          className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 text-sm font-medium text-white hover:bg-red-800"
        >
          {t('account.logout')}
        </button>
      </div>
    </ModalDialog>
  );
}

export interface AccountMenuProps {
  user: PublicUser;
  /** The reader already asked for the menu while its code was loading. */
  openOnMount: boolean;
  /** The placeholder button had the focus, so this trigger takes it over. */
  focusOnMount: boolean;
}

/** The signed-in user's menu: name and email, Admin Panel (admins), Account, My Bookmarks, Email digest and Logout. */
export function AccountMenu({ user, openOnMount, focusOnMount }: AccountMenuProps) {
  const { t } = useTranslation();
  const { isAdmin, logout } = useAuth();
  const locale = useCurrentLocale();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmingRef = useRef(false);
  const askToConfirm = (value: boolean) => {
    confirmingRef.current = value;
    setConfirming(value);
  };

  const takesFocus = useRef(focusOnMount && !openOnMount);
  useEffect(() => {
    if (takesFocus.current) triggerRef.current?.focus();
  }, []);

  const cancel = () => {
    askToConfirm(false);
    triggerRef.current?.focus();
  };
  const confirm = () => {
    askToConfirm(false);
    void logout();
  };

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={openOnMount} dir={textDirection(locale)}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label={t('account.menu', { name: user.name })}
          className={AVATAR_TRIGGER_CLASS}
        >
          <AvatarInitials user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            // The confirmation dialog takes the focus; the trigger gets it back when the dialog closes.
            onCloseAutoFocus={(event) => {
              if (confirmingRef.current) event.preventDefault();
            }}
            className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-2">
              <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
              <span className="block truncate text-xs text-slate-600" dir="ltr">
                {user.email}
              </span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {isAdmin && (
              <DropdownMenu.Item asChild className={ITEM}>
                <Link to="/admin">
                  <ShieldCheck className="size-4 text-slate-500" />
                  {t('account.adminPanel')}
                </Link>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/account">
                <UserRound className="size-4 text-slate-500" />
                {t('account.account')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/bookmarks">
                <Bookmark className="size-4 text-slate-500" />
                {t('account.myBookmarks')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to={`/account#${EMAIL_DIGEST_SECTION}`}>
                <Mail className="size-4 text-slate-500" />
                {t('account.emailDigest')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={ITEM} onSelect={() => askToConfirm(true)}>
              <LogOut className="size-4 text-slate-500 rtl:-scale-x-100" />
              {t('account.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LogoutDialog open={confirming} onCancel={cancel} onConfirm={confirm} />
    </>
  );
}
