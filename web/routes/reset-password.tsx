import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../common/account-rules.js';
import { accountApi } from '../features/auth/account-api.js';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { FormError, FormStatus, PasswordField, SubmitButton } from '../features/auth/components/form-fields.js';
import { authErrorText, isNetworkFailure } from '../features/auth/error-text.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

/** SPEC §9: the reset redirect waits 2 s. */
export const RESET_REDIRECT_MS = 2000;

type Result = { ok: true } | { ok: false; message: string };

/** /reset-password?token=…: New Password and Confirm New Password, then back to sign in. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => navigate('/authenticate', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      setResult({ ok: false, message: t('reset.mismatch') });
      return;
    }
    setSending(true);
    setResult(null);
    try {
      await accountApi.resetPassword({ token, newPassword: password });
      setResult({ ok: true });
    } catch (error) {
      const message = isNetworkFailure(error) ? null : authErrorText(error, t, 'reset');
      setResult({ ok: false, message: message ?? t('reset.failed') });
    } finally {
      setSending(false);
    }
  };

  const icon = <LockKeyhole className="size-12 text-indigo-700" />;
  if (!token) {
    return (
      <AuthCard title={t('reset.title')} icon={icon}>
        <div className="flex flex-col gap-4 text-center">
          <FormError>{t('reset.invalidLink')}</FormError>
          <Link to="/forgot-password" className="mx-auto rounded text-sm font-medium text-indigo-700 hover:underline">
            {t('reset.requestNewLink')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} icon={icon}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {result?.ok === true && <FormStatus>{t('reset.success')}</FormStatus>}
        {result?.ok === false && <FormError>{result.message}</FormError>}
        <PasswordField
          label={t('fields.newPassword')}
          name="new-password"
          autoComplete="new-password"
          hint={t('signUp.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label={t('fields.confirmNewPassword')}
          name="confirm-new-password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <SubmitButton
          busy={sending}
          disabled={result?.ok === true}
          label={t('reset.submit')}
          busyLabel={t('reset.submitting')}
        />
      </form>
    </AuthCard>
  );
}
