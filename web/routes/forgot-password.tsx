import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentLocale } from '../components/ui/language-trigger.js';
import { accountApi } from '../features/auth/account-api.js';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { EmailField, FormError, FormStatus, SubmitButton } from '../features/auth/components/form-fields.js';
import { authErrorText, isNetworkFailure } from '../features/auth/error-text.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

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
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <SubmitButton busy={sending} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} />
        <Link to="/authenticate" className="mx-auto rounded text-sm font-medium text-indigo-700 hover:underline">
          {t('forgot.backToSignIn')}
        </Link>
      </form>
    </AuthCard>
  );
}
