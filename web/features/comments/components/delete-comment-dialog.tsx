import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/i18n.js';

interface DeleteCommentDialogProps {
  open: boolean;
  deleting: boolean;
  failed: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting a comment needs a confirmation; the dialog stays open until the server has answered. */
export function DeleteCommentDialog({ open, deleting, failed, onCancel, onConfirm }: DeleteCommentDialogProps) {
  const { t } = useTranslation('comments');
  return (
    <ConfirmDialog
      open={open}
      title={t('deleteDialog.title')}
      message={t('deleteDialog.message')}
      confirmLabel={t('deleteDialog.confirm')}
      busyLabel={t('deleteDialog.deleting')}
      cancelLabel={t('deleteDialog.cancel')}
      busy={deleting}
      error={failed ? t('deleteDialog.failed') : null}
      onConfirm={onConfirm}
      onClose={onCancel}
    />
  );
}
