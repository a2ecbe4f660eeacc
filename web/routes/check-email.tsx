import { MailCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { ResendVerification } from '../features/auth/components/resend-verification.js';
import { checkEmailAddress } from '../features/auth/navigation.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

/** /check-email, after sign-up: the verification link was sent (to the address, when known). */
export function CheckEmailPage() {
  const { t } = useTranslation('auth');
  const email = checkEmailAddress(useLocation().state);
  useDocumentTitle(t('checkEmail.title'));
  return (
    <AuthCard title={t('checkEmail.title')} icon={<MailCheck className="size-12 text-indigo-700" />}>
      <div className="flex flex-col gap-4 text-center text-slate-700">
        <p className="text-base">
          {email
            ? // Isolated, so that the address keeps its own direction inside an Arabic sentence.
              t('checkEmail.sentTo', { email: `\u2068${email}\u2069` })
            : t('checkEmail.sent')}
        </p>
        <p className="text-sm">{t('checkEmail.instructions')}</p>
        {email && (
          <>
            <p className="text-sm">{t('checkEmail.notReceived')}</p>
            <div className="flex justify-center">
              <ResendVerification email={email} />
            </div>
          </>
        )}
        <Link to="/authenticate" className="mx-auto rounded text-sm font-medium text-indigo-700 hover:underline">
          {t('checkEmail.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  );
}
