import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageShell } from '../../../components/layout/page-shell.js';
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

/** Signed-in users only (/bookmarks); a visitor goes to /authenticate and comes back after signing in. */
export function RequireUser() {
  const { status } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (status === 'unknown') return <CheckingAccount />;
  if (status === 'loggedOut') {
    const state: RedirectState = { redirectTo: `${pathname}${search}${hash}` };
    return <Navigate to="/authenticate" replace state={state} />;
  }
  return <Outlet />;
}

/** Admins only (every /admin route and /admin-scraper); anyone else goes to / (SPEC §2). */
export function RequireAdmin() {
  const { status, isAdmin } = useAuth();
  if (status === 'unknown') return <CheckingAccount />;
  if (status !== 'loggedIn' || !isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
