import { CircleCheck, CircleX, MailX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card.js';
import { FormError, FormStatus, SubmitButton } from '../features/auth/components/form-fields.js';
import { unsubscribeByToken } from '../features/email-digest/api.js';
import { unsubscribeErrorKey } from '../features/email-digest/unsubscribe-error.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

const LINK = 'rounded px-1 py-1 font-medium text-indigo-700 hover:underline';

type Outcome =
  | { state: 'ready' }
  | { state: 'working' }
  | { state: 'done' }
  | { state: 'failed'; key: ReturnType<typeof unsubscribeErrorKey> };

/**
 * /unsubscribe?token=…, where a digest mail's link leads: a button unsubscribes, without signing
 * in. Opening the page changes nothing, since mail scanners open every link of a mail.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('email-digest');
  useDocumentTitle(t('unsubscribePage.title'));
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'ready' });

  async function unsubscribe() {
    setOutcome({ state: 'working' });
    try {
      await unsubscribeByToken(token);
      setOutcome({ state: 'done' });
    } catch (error) {
      logUnexpected('Unsubscribing failed', error);
      setOutcome({ state: 'failed', key: unsubscribeErrorKey(error) });
    }
  }

  let icon = <MailX className="size-12 text-indigo-700" aria-hidden="true" />;
  if (outcome.state === 'done') icon = <CircleCheck className="size-12 text-emerald-600" aria-hidden="true" />;
  if (!token || outcome.state === 'failed') icon = <CircleX className="size-12 text-red-600" aria-hidden="true" />;
  const canTry = token && outcome.state !== 'done' && !(outcome.state === 'failed' && outcome.key === 'invalid');

  return (
    <AuthCard title={t('unsubscribePage.title')} icon={icon}>
      <form
        className="flex flex-col gap-4 text-center"
        onSubmit={(event) => {
          event.preventDefault();
          void unsubscribe();
        }}
      >
        {!token && <FormError>{t('unsubscribePage.missingToken')}</FormError>}
        {outcome.state === 'failed' && <FormError>{t(`unsubscribePage.${outcome.key}`)}</FormError>}
        {outcome.state === 'done' && <FormStatus>{t('unsubscribePage.done')}</FormStatus>}
        {canTry && (
          <>
            {outcome.state !== 'failed' && <p className="text-slate-700">{t('unsubscribePage.lead')}</p>}
            <SubmitButton
              busy={outcome.state === 'working'}
              label={t('unsubscribePage.button')}
              busyLabel={t('unsubscribePage.working')}
            />
          </>
        )}
        <div className="flex flex-col items-center gap-2 pt-2 text-sm sm:flex-row sm:justify-center sm:gap-6">
          <Link to="/account" className={LINK}>
            {t('unsubscribePage.settings')}
          </Link>
          <Link to="/ai-digest" className={LINK}>
            {t('unsubscribePage.digest')}
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
