import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { AuthTabs } from '../features/auth/components/auth-tabs.js';
import { SignInForm } from '../features/auth/components/sign-in-form.js';
import { SignUpForm } from '../features/auth/components/sign-up-form.js';
import { type CheckEmailState, redirectTarget } from '../features/auth/navigation.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { siteConfig } from '../lib/site-config.js';

type AuthTab = 'signIn' | 'signUp';

/** `?register` or `?signup` opens Sign Up (SPEC §2); the tab shown is kept in the address. */
function tabOf(search: string): AuthTab {
  const params = new URLSearchParams(search);
  return params.has('register') || params.has('signup') ? 'signUp' : 'signIn';
}

/** /authenticate: Sign In and Sign Up tabs under a welcome line naming the product. */
export function AuthenticatePage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(location.search);
  useDocumentTitle(tab === 'signUp' ? t('tabs.signUp') : t('tabs.signIn'));

  // The guard's redirectTo travels in the navigation state, so switching tabs keeps it.
  const selectTab = (next: AuthTab) => {
    if (next === tab) return;
    navigate({ search: next === 'signUp' ? '?register' : '' }, { replace: true, state: location.state });
  };

  return (
    <AuthCard
      title={t('welcome', { siteName: siteConfig.siteName })}
      subtitle={tab === 'signUp' ? t('signUp.subtitle') : t('signIn.subtitle')}
    >
      <AuthTabs
        label={t('tabs.label')}
        selected={tab}
        onSelect={selectTab}
        tabs={[
          {
            key: 'signIn',
            label: t('tabs.signIn'),
            panel: <SignInForm onSignedIn={() => navigate(redirectTarget(location.state), { replace: true })} />,
          },
          {
            key: 'signUp',
            label: t('tabs.signUp'),
            panel: (
              <SignUpForm
                onSignedUp={(email) => navigate('/check-email', { state: { email } satisfies CheckEmailState })}
              />
            ),
          },
        ]}
      />
    </AuthCard>
  );
}
