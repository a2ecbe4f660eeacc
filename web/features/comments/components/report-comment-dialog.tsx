import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  MAX_REPORT_TEXT_LENGTH,
  MODERATION_ERRORS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../../common/moderation-rules.js';
import { Button } from '../../../components/ui/button.js';
import { ModalDialog } from '../../../components/ui/modal-dialog.js';
import { ReasonField } from '../../../components/ui/reason-field.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { reportComment } from '../api.js';

type Outcome = 'sent' | 'already' | 'tooMany' | 'failed';

/** What a report's answer tells the reader: sent, sent before, too many lately, or failed. */
function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiRequestError)) return 'failed';
  if (error.code === MODERATION_ERRORS.alreadyReported) return 'already';
  return error.status === 429 ? 'tooMany' : 'failed';
}

interface ReportCommentDialogProps {
  /** The comment reported; null closes the dialog. */
  commentId: number | null;
  onClose: () => void;
}

/** Report: a reason from the list and optional details, sent to the administrators. */
export function ReportCommentDialog({ commentId, onClose }: ReportCommentDialogProps) {
  const { t } = useTranslation('comments');
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // Each comment's report starts blank.
  useEffect(() => {
    if (commentId === null) return;
    setReason('spam');
    setText('');
    setOutcome(null);
  }, [commentId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (commentId === null || sending) return;
    setSending(true);
    try {
      await reportComment(commentId, { reason, ...(text.trim() ? { text: text.trim() } : {}) });
      setOutcome('sent');
    } catch (error) {
      const failed = outcomeOf(error);
      if (failed === 'failed') logUnexpected('Failed to report the comment', error);
      setOutcome(failed);
    } finally {
      setSending(false);
    }
  };

  const done = outcome === 'sent' || outcome === 'already';
  return (
    <ModalDialog open={commentId !== null} onClose={onClose} labelledBy={titleId} busy={sending} className="max-w-md">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('reportDialog.title')}
      </h2>
      {done ? (
        <>
          <p role="status" className="mt-3 text-slate-700">
            {t(outcome === 'sent' ? 'reportDialog.sent' : 'reportDialog.already')}
          </p>
          <div className="mt-6 flex justify-end">
            <Button autoFocus onClick={onClose}>
              {t('reportDialog.close')}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-2 flex flex-col gap-4">
          <p className="text-slate-700">{t('reportDialog.intro')}</p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">{t('reportDialog.reasonLabel')}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  disabled={sending}
                  onChange={() => setReason(value)}
                  className="size-4 accent-indigo-700"
                />
                {t(`reasons.${value}`)}
              </label>
            ))}
          </fieldset>
          <ReasonField
            label={t('reportDialog.textLabel')}
            value={text}
            maxLength={MAX_REPORT_TEXT_LENGTH}
            disabled={sending}
            onChange={setText}
          />
          {outcome && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {t(outcome === 'tooMany' ? 'reportDialog.tooMany' : 'reportDialog.failed')}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button disabled={sending} onClick={onClose}>
              {t('reportDialog.cancel')}
            </Button>
            <Button type="submit" variant="primary" aria-busy={sending} disabled={sending}>
              {sending ? t('reportDialog.sending') : t('reportDialog.submit')}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
