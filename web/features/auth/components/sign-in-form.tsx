import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AUTH_ERRORS } from '../../../../common/account-rules.js';
import { useCurrentLocale } from '../../../components/ui/language-trigger.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useAuth } from '../auth-store.js';
import { authErrorText, isNetworkFailure } from '../error-text.js';
import { EmailField, FormError, PasswordField, SubmitButton } from './form-fields.js';
import { ResendVerification } from './resend-verification.js';

interface SignInFormProps {
  /** Called once the server has accepted the credentials and the user is recorded. */
  onSignedIn: () => void;
}

/** Sign In: email and password, with the messages of SPEC §5 and §8. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const locale = useCurrentLocale();
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setUnverifiedEmail(null);
    const address = email.trim();
    if (!address || !password) {
      setError(t('errors.loginRequired'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await login({ email: address, password, locale });
      onSignedIn();
    } catch (failure) {
      if (isNetworkFailure(failure)) setError(t('errors.loginNetwork'));
      else setError(authErrorText(failure, t, 'login') ?? t('errors.invalidCredentials'));
      if (failure instanceof ApiRequestError && failure.code === AUTH_ERRORS.emailNotVerified)
        setUnverifiedEmail(address);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {error && <FormError>{error}</FormError>}
      {unverifiedEmail && <ResendVerification email={unverifiedEmail} />}
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="-mt-1 flex justify-end">
        <Link to="/forgot-password" className="rounded text-sm font-medium text-indigo-700 hover:underline">
          {t('signIn.forgotPassword')}
        </Link>
      </div>
      <SubmitButton busy={submitting} label={t('signIn.submit')} busyLabel={t('signIn.submitting')} />
    </form>
  );
}
