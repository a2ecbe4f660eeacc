import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useCurrentLocale } from '../../../components/ui/language-trigger.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { accountApi } from '../account-api.js';
import { authErrorText } from '../error-text.js';
import { FormError, FormStatus } from './form-fields.js';

/** 'Resend verification email': POST /auth/resend-verification, then the answer's message. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const locale = useCurrentLocale();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const resend = async () => {
    setSending(true);
    setResult(null);
    try {
      await accountApi.resendVerification({ email, locale });
      setResult({ ok: true, text: t('resend.sent') });
    } catch (error) {
      logUnexpected('Failed to resend the verification email', error);
      setResult({ ok: false, text: authErrorText(error, t, 'email') ?? t('resend.failed') });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button size="sm" onClick={resend} disabled={sending}>
        {sending ? t('resend.sending') : t('resend.action')}
      </Button>
      {result && (result.ok ? <FormStatus>{result.text}</FormStatus> : <FormError>{result.text}</FormError>)}
    </div>
  );
}
