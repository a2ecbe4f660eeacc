import { CircleCheck, Mail, MailCheck, MailX, TriangleAlert, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DigestSubscription } from '../../common/digest-subscription.js';
import { PageShell } from '../components/layout/page-shell.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { useCurrentLocale } from '../components/ui/language-trigger.js';
import { PageHeading } from '../components/ui/page-heading.js';
import { Spinner } from '../components/ui/spinner.js';
import { Toaster } from '../components/ui/toaster.js';
import { DeleteAccountSection } from '../features/account/components/delete-account-section.js';
import { ProfileSection } from '../features/account/components/profile-section.js';
import { type AccountDeletedState, deletedUserId, EMAIL_DIGEST_SECTION } from '../features/auth/account-navigation.js';
import { useAuth } from '../features/auth/auth-store.js';
import { DigestSettingsForm } from '../features/email-digest/components/digest-settings-form.js';
import { useDigestSettings } from '../features/email-digest/use-digest-settings.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

/** Whether the reader is subscribed, as the server holds it: read out again after every change. */
function SubscriptionStatus({ subscription }: Pick<DigestSubscription, 'subscription'>) {
  const { t } = useTranslation('email-digest');
  const Icon = subscription ? MailCheck : MailX;
  return (
    <p
      role="status"
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-800"
    >
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${subscription ? 'text-emerald-700' : 'text-slate-500'}`}
        aria-hidden="true"
      />
      {subscription
        ? t('subscribed', {
            frequency: t(`frequency.${subscription.frequency}`),
            language: t(`language.${subscription.language}`),
          })
        : t('notSubscribed')}
    </p>
  );
}

/**
 * What a reader who just deleted their account sees. The server has signed the browser out; the
 * header forgets the reader before the page is painted. The page says so first, so that the
 * signed-in guard, which lets it stay, does not send a signed-out reader to sign in.
 */
function AccountDeleted() {
  const { t } = useTranslation('account');
  const { user, signedOut } = useAuth();
  useLayoutEffect(() => {
    if (user) signedOut();
  }, [user, signedOut]);
  return (
    <section
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <CircleCheck className="size-10 text-emerald-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{t('delete.done')}</h1>
      <p className="text-slate-700">{t('delete.doneDetail')}</p>
      <Link to="/" className={buttonClasses('primary')}>
        {t('delete.home')}
      </Link>
    </section>
  );
}

/**
 * /account: the signed-in reader's profile and the way to a new password, their email digest
 * (categories followed, how often, in which language), and leaving.
 */
export function AccountPage() {
  const { t } = useTranslation(['email-digest', 'account', 'translation']);
  useDocumentTitle(t('account:page.title'));
  const { user } = useAuth();
  const navigate = useNavigate();
  const { state, hash } = useLocation();
  const deletedId = deletedUserId(state);
  const deleted = deletedId !== null && (user === null || user.id === deletedId);
  const locale = useCurrentLocale();
  const digest = useDigestSettings(user?.id ?? null);
  const { data, error, isPending, refetch } = digest.query;
  // The avatar menu's Email digest opens the page at its section, once the section has its height.
  useEffect(() => {
    if (hash === `#${EMAIL_DIGEST_SECTION}` && data) document.getElementById(EMAIL_DIGEST_SECTION)?.scrollIntoView();
  }, [hash, data]);

  let content: ReactNode;
  if (isPending) content = <Spinner label={t('loading')} showLabel />;
  else if (error && !data)
    content = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8">
        <TriangleAlert className="size-8 text-amber-600" aria-hidden="true" />
        <p className="font-semibold text-slate-900">{t('loadError')}</p>
        <Button onClick={() => void refetch()}>{t('translation:common.tryAgain')}</Button>
      </div>
    );
  else if (data)
    content = (
      <>
        <SubscriptionStatus subscription={data.subscription} />
        <DigestSettingsForm
          answer={data}
          defaultLanguage={locale}
          saving={digest.saving}
          unsubscribing={digest.unsubscribing}
          onSave={digest.save}
          onUnsubscribe={digest.unsubscribe}
        />
      </>
    );

  if (deleted)
    return (
      <PageShell>
        <div className="mx-auto max-w-xl py-8">
          <AccountDeleted />
        </div>
      </PageShell>
    );

  return (
    <PageShell>
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <PageHeading
          icon={UserRound}
          title={t('account:page.title')}
          subtitle={t('account:page.subtitle')}
          back={{ to: '/ai-digest', label: t('backToDigest') }}
        />
        {user && <ProfileSection user={user} />}
        <section
          aria-labelledby={`${EMAIL_DIGEST_SECTION}-title`}
          className="flex scroll-mt-20 flex-col gap-4"
          id={EMAIL_DIGEST_SECTION}
        >
          <div>
            <h2
              id={`${EMAIL_DIGEST_SECTION}-title`}
              className="flex items-center gap-2 text-xl font-semibold text-slate-900"
            >
              <Mail className="size-5 text-indigo-700" aria-hidden="true" />
              {t('title')}
            </h2>
            <p className="mt-1 text-slate-600">{t('subtitle')}</p>
          </div>
          {content}
        </section>
        <DeleteAccountSection
          onDeleted={() => {
            if (!user) return;
            const farewell: AccountDeletedState = { deletedUserId: user.id };
            void navigate('/account', { replace: true, state: farewell });
          }}
        />
      </div>
      <Toaster />
    </PageShell>
  );
}
