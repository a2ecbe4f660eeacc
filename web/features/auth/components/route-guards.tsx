import { ShieldX } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageShell } from '../../../components/layout/page-shell.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { useDocumentTitle } from '../../../lib/document-title.js';
import { useTranslation } from '../../../lib/i18n.js';
import { deletedUserId } from '../account-navigation.js';
import { useAuth } from '../auth-store.js';
import type { RedirectState } from '../navigation.js';
import { BusyIndicator } from './busy-indicator.js';

/** Shown while the auth check has not answered yet, so that no page flashes before a redirect. */
function CheckingAccount() {
  const { t } = useTranslation();
  return (
    <PageShell>
      <BusyIndicator label={t('account.checking')} />
    </PageShell>
  );
}

/** Sends a visitor to /authenticate, which brings them back to this page after signing in. */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  const state: RedirectState = { redirectTo: `${pathname}${search}${hash}` };
  return <Navigate to="/authenticate" replace state={state} />;
}

/**
 * What a signed-in reader sees on an admin page: a page that says why it stays closed, rather than
 * a silent redirect that leaves them wondering whether the link was wrong.
 */
function NotAllowed() {
  const { t } = useTranslation();
  useDocumentTitle(t('notAllowed.title'));
  return (
    <PageShell>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <ShieldX aria-hidden="true" className="size-12 text-indigo-700" />
        <h1 className="text-3xl font-bold text-slate-900">{t('notAllowed.title')}</h1>
        <p className="text-lg text-slate-700">{t('notAllowed.message')}</p>
        <Link to="/" className={buttonClasses('primary')}>
          {t('notFound.home')}
        </Link>
      </section>
    </PageShell>
  );
}

/**
 * Signed-in users only (/bookmarks); a visitor signs in first and comes back. The page a reader
 * deleted their account on stays, to say it is done.
 */
export function RequireUser() {
  const { status } = useAuth();
  const { state } = useLocation();
  if (status === 'unknown') return <CheckingAccount />;
  if (status === 'loggedOut' && deletedUserId(state) === null) return <SignInFirst />;
  return <Outlet />;
}

/**
 * Admins only (every /admin route and /admin-scraper): a visitor signs in first and comes back, a
 * signed-in reader is told the page needs an admin account. The API refuses them either way.
 */
export function RequireAdmin() {
  const { status, isAdmin } = useAuth();
  if (status === 'unknown') return <CheckingAccount />;
  if (status === 'loggedOut') return <SignInFirst />;
  if (!isAdmin) return <NotAllowed />;
  return <Outlet />;
}
