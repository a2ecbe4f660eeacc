import { LockKeyhole } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { accountApi } from '../features/auth/account-api.js';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { FormError, NewPasswordForm } from '../features/auth/components/form-fields.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

/** SPEC §9: the reset redirect waits 2 s. */
export const RESET_REDIRECT_MS = 2000;

/** /reset-password?token=…: New Password and Confirm New Password, then back to sign in. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const token = useSearchParams()[0].get('token')?.trim() ?? '';

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
      <NewPasswordForm
        send={(newPassword) => accountApi.resetPassword({ token, newPassword })}
        action="reset"
        texts={{
          submit: t('reset.submit'),
          submitting: t('reset.submitting'),
          success: t('reset.success'),
          failed: t('reset.failed'),
        }}
        redirectMs={RESET_REDIRECT_MS}
      />
    </AuthCard>
  );
}
