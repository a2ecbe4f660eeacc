import { UserX } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { AUTH_ERRORS, USER_ERRORS } from '../../../../common/account-rules.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { deleteOwnAccount } from '../api.js';

type Refusal = 'passwordRequired' | 'wrongPassword' | 'adminAccount' | 'tooMany' | 'failed';

function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiRequestError)) return 'failed';
  if (error.code === AUTH_ERRORS.wrongPassword) return 'wrongPassword';
  if (error.code === USER_ERRORS.adminAccount) return 'adminAccount';
  return error.status === 429 ? 'tooMany' : 'failed';
}

/**
 * Delete your account: what goes and what stays, the password that confirms it, and a last question
 * before it is done. `onDeleted` is told once the server has deleted it.
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const passwordId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(password ? null : 'passwordRequired');
    if (password) setConfirming(true);
  };
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteOwnAccount(password);
      onDeleted();
    } catch (error) {
      const refused = refusalOf(error);
      if (refused === 'failed') logUnexpected('Failed to delete the account', error);
      setRefusal(refused);
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-labelledby={`${passwordId}-title`} className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6">
      <h2 id={`${passwordId}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <UserX className="size-5 text-red-700" aria-hidden="true" />
        {t('delete.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('delete.intro')}</p>
      <form noValidate onSubmit={ask} className="mt-4 flex flex-col gap-3 sm:max-w-sm">
        <label htmlFor={passwordId} className="text-sm font-medium text-slate-800">
          {t('delete.password')}
        </label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={refusal === 'passwordRequired' || refusal === 'wrongPassword'}
          aria-describedby={refusal ? errorId : undefined}
          onChange={(event) => setPassword(event.target.value)}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 hover:border-slate-400 focus-visible:border-indigo-600 sm:text-sm"
        />
        {refusal && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {t(`delete.${refusal}`)}
          </p>
        )}
        <Button type="submit" variant="danger" className="self-start">
          {t('delete.submit')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('delete.confirmTitle')}
        message={t('delete.confirmMessage')}
        confirmLabel={t('delete.confirm')}
        busyLabel={t('delete.deleting')}
        cancelLabel={t('delete.cancel')}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
