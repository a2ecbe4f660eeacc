import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.js';
import { useCurrentLocale } from '../components/ui/language-trigger.js';
import { accountApi } from '../features/auth/account-api.js';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { FormError, FormStatus, TextField } from '../features/auth/components/form-fields.js';
import { authErrorText, isNetworkFailure } from '../features/auth/error-text.js';
import { useDocumentTitle } from '../lib/document-title.js';

type Result = { ok: true } | { ok: false; message: string };

/** /forgot-password: asks for a reset link; the server answers alike for unknown addresses. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  const locale = useCurrentLocale();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setResult(null);
    try {
      await accountApi.forgotPassword({ email: email.trim(), locale });
      setResult({ ok: true });
    } catch (error) {
      const message = isNetworkFailure(error)
        ? t('forgot.network')
        : (authErrorText(error, t, 'email') ?? t('forgot.failed'));
      setResult({ ok: false, message });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      icon={<KeyRound className="size-12 text-indigo-700" />}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {result?.ok === true && <FormStatus>{t('forgot.success')}</FormStatus>}
        {result?.ok === false && <FormError>{result.message}</FormError>}
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={sending} className="h-11 w-full">
          {sending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
        <Link to="/authenticate" className="mx-auto rounded text-sm font-medium text-indigo-700 hover:underline">
          {t('forgot.backToSignIn')}
        </Link>
      </form>
    </AuthCard>
  );
}
