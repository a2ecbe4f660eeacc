import { useEffect, useState } from 'react';
import { MAX_MODERATION_REASON_LENGTH } from '../../../../common/moderation-rules.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ReasonField } from '../../../components/ui/reason-field.js';
import { useTranslation } from '../../../lib/i18n.js';

interface RemoveCommentDialogProps {
  open: boolean;
  removing: boolean;
  failed: boolean;
  onCancel: () => void;
  /** The reason its author is shown, trimmed; empty for none. */
  onConfirm: (reason: string) => void;
}

/**
 * A moderator's Remove asks first, and takes an optional reason its author is shown; it stays open
 * until the server has answered.
 */
export function RemoveCommentDialog({ open, removing, failed, onCancel, onConfirm }: RemoveCommentDialogProps) {
  const { t } = useTranslation('comments');
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <ConfirmDialog
      open={open}
      title={t('removeDialog.title')}
      message={t('removeDialog.message')}
      confirmLabel={t('removeDialog.confirm')}
      busyLabel={t('removeDialog.removing')}
      cancelLabel={t('removeDialog.cancel')}
      busy={removing}
      error={failed ? t('removeDialog.failed') : null}
      onConfirm={() => onConfirm(reason.trim())}
      onClose={onCancel}
    >
      <ReasonField
        label={t('removeDialog.reasonLabel')}
        value={reason}
        maxLength={MAX_MODERATION_REASON_LENGTH}
        disabled={removing}
        onChange={setReason}
      />
    </ConfirmDialog>
  );
}
