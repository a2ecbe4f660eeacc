import { useEffect, useId, useState } from 'react';
import { MAX_MODERATION_REASON_LENGTH } from '../../../../common/moderation-rules.js';
import type { ManagedUser } from '../../../../common/users.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ReasonField } from '../../../components/ui/reason-field.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { AccountAction } from '../api.js';

interface AccountActionDialogProps {
  asked: { action: AccountAction; user: ManagedUser } | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  /** A suspension passes its reason and whether the account's comments go too. */
  onConfirm: (suspension?: { reason: string; removeComments: boolean }) => void;
}

const DIALOGS = {
  suspend: { texts: 'suspendDialog', title: 'suspendDialog.title', message: 'suspendDialog.message' },
  restore: { texts: 'restoreDialog', title: 'restoreDialog.title', message: 'restoreDialog.message' },
  promote: { texts: 'roleDialog', title: 'roleDialog.promoteTitle', message: 'roleDialog.promoteMessage' },
  demote: { texts: 'roleDialog', title: 'roleDialog.demoteTitle', message: 'roleDialog.demoteMessage' },
  delete: { texts: 'deleteDialog', title: 'deleteDialog.title', message: 'deleteDialog.message' },
} as const;

/** Asks before an account action, saying what it does; a suspension takes a reason and may remove the comments. */
export function AccountActionDialog({ asked, pending, error, onCancel, onConfirm }: AccountActionDialogProps) {
  const { t } = useTranslation('admin');
  const checkboxId = useId();
  const [reason, setReason] = useState('');
  const [removeComments, setRemoveComments] = useState(false);
  useEffect(() => {
    if (!asked) return;
    setReason('');
    setRemoveComments(false);
  }, [asked]);
  const dialog = DIALOGS[asked?.action ?? 'delete'];
  const name = asked?.user.name ?? '';
  const suspending = asked?.action === 'suspend';
  return (
    <ConfirmDialog
      open={asked !== null}
      title={t(dialog.title, { name })}
      message={t(dialog.message)}
      confirmLabel={t(`${dialog.texts}.confirm`)}
      busyLabel={t(`${dialog.texts}.busy`)}
      cancelLabel={t(`${dialog.texts}.cancel`)}
      busy={pending}
      error={error}
      onConfirm={() => onConfirm(suspending ? { reason: reason.trim(), removeComments } : undefined)}
      onClose={onCancel}
    >
      {suspending && (
        <>
          <ReasonField
            label={t('suspendDialog.reasonLabel')}
            value={reason}
            maxLength={MAX_MODERATION_REASON_LENGTH}
            disabled={pending}
            onChange={setReason}
          />
          <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              id={checkboxId}
              type="checkbox"
              checked={removeComments}
              disabled={pending}
              onChange={(event) => setRemoveComments(event.target.checked)}
              className="size-4 accent-indigo-700"
            />
            {t('suspendDialog.removeComments')}
          </label>
        </>
      )}
    </ConfirmDialog>
  );
}
