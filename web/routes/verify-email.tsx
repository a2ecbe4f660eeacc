import { CircleCheck, CircleX, LockKeyholeOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_ERRORS } from '../../common/account-rules.js';
import type { PublicUser } from '../../common/users.js';
import { useAuth } from '../features/auth/auth-store.js';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { SpinnerMark } from '../features/auth/components/busy-indicator.js';
import { FormError, FormStatus, NewPasswordForm } from '../features/auth/components/form-fields.js';
import { authErrorText, isNetworkFailure } from '../features/auth/error-text.js';
import { AFTER_SIGN_IN_PATH } from '../features/auth/navigation.js';
import { verifyEmailOnce, verifyWithPassword } from '../features/auth/verify-once.js';
import { ApiRequestError } from '../lib/api-client.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

/** SPEC §9: the verification redirect waits 1.5 s. */
export const VERIFY_REDIRECT_MS = 1500;

type Outcome =
  | { state: 'verifying' }
  | { state: 'verified'; user: PublicUser }
  | { state: 'signInNeeded' }
  | { state: 'passwordNeeded' }
  | { state: 'failed'; error: unknown };

/** Keeps a name or address in its own direction inside a sentence of either language (Unicode isolates). */
const isolated = (text: string) => `\u2068${text}\u2069`;

const isInvalidToken = (error: unknown) => error instanceof ApiRequestError && error.code === AUTH_ERRORS.invalidToken;

/**
 * /verify-email?token=…: verifies. In the browser that signed up, the server signs the user in: the
 * page names the account it signed into and moves on to the digest. Anywhere else the password typed
 * at sign-up may be a stranger's, so the page asks for a new password, which verifies the address and
 * replaces it, then moves on to sign-in.
 * A used link is refused as invalid. A signed-in reader whose address is verified most likely opened
 * their own link again: the page says their address is already verified and moves on to the digest.
 * It learns this from the session, not the server's refusal, which says nothing about whose link it was.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.title'));
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { signedIn, status, user: currentUser } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'verifying' });
  const alreadyVerified =
    outcome.state === 'failed' &&
    isInvalidToken(outcome.error) &&
    status === 'loggedIn' &&
    currentUser?.isVerified === true;

  useEffect(() => {
    if (!token) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    verifyEmailOnce(token).then(
      ({ user, passwordNeeded }) => {
        if (user) signedIn(user);
        if (!active) return;
        if (passwordNeeded) {
          setOutcome({ state: 'passwordNeeded' });
          return;
        }
        setOutcome(user ? { state: 'verified', user } : { state: 'signInNeeded' });
        const next = user ? AFTER_SIGN_IN_PATH : '/authenticate';
        timer = setTimeout(() => navigate(next, { replace: true }), VERIFY_REDIRECT_MS);
      },
      (error: unknown) => {
        logUnexpected('Email verification failed', error);
        if (active) setOutcome({ state: 'failed', error });
      },
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [token, navigate, signedIn]);

  useEffect(() => {
    if (!alreadyVerified) return;
    const timer = setTimeout(() => navigate(AFTER_SIGN_IN_PATH, { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [alreadyVerified, navigate]);

  let failure: string | null = null;
  if (!token) failure = t('verify.missingToken');
  else if (outcome.state === 'failed' && !alreadyVerified) {
    const serverText = isNetworkFailure(outcome.error) ? null : authErrorText(outcome.error, t, 'verify');
    failure = serverText ? t('verify.failed', { message: serverText }) : t('verify.network');
  }

  let icon = <SpinnerMark className="size-12" />;
  if (outcome.state === 'passwordNeeded') icon = <LockKeyholeOpen className="size-12 text-indigo-700" />;
  if (outcome.state === 'verified' || outcome.state === 'signInNeeded' || alreadyVerified) {
    icon = <CircleCheck className="size-12 text-emerald-600" />;
  }
  if (failure) icon = <CircleX className="size-12 text-red-600" />;

  return (
    <AuthCard title={t('verify.title')} icon={icon}>
      <div className="flex flex-col gap-4 text-center">
        {!failure && outcome.state === 'verifying' && (
          <p role="status" className="text-slate-700">
            {t('verify.verifying')}
          </p>
        )}
        {outcome.state === 'verified' && (
          <>
            <FormStatus>{t('verify.success')}</FormStatus>
            <p className="text-slate-700">
              {t('verify.signedInAs', { name: isolated(outcome.user.name), email: isolated(outcome.user.email) })}
            </p>
          </>
        )}
        {outcome.state === 'signInNeeded' && <FormStatus>{t('verify.signInToContinue')}</FormStatus>}
        {outcome.state === 'passwordNeeded' && (
          <div className="flex flex-col gap-4 text-start">
            <p className="text-slate-700">{t('verify.choosePassword')}</p>
            <NewPasswordForm
              send={(newPassword) => verifyWithPassword({ token, newPassword })}
              action="verify"
              texts={{
                submit: t('verify.setPassword'),
                submitting: t('verify.settingPassword'),
                success: t('verify.passwordSet'),
                failed: t('verify.passwordFailed'),
              }}
              redirectMs={VERIFY_REDIRECT_MS}
            />
          </div>
        )}
        {alreadyVerified && <FormStatus>{t('verify.alreadyVerified')}</FormStatus>}
        {failure && (
          <>
            <FormError>{failure}</FormError>
            <Link to="/authenticate" className="mx-auto rounded text-sm font-medium text-indigo-700 hover:underline">
              {t('verify.backToSignIn')}
            </Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
