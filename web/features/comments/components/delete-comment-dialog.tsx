import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { ModalDialog } from '../../../components/ui/modal-dialog.js';

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
  const titleId = useId();
  const messageId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      busy={deleting}
      labelledBy={titleId}
      describedBy={messageId}
      className="max-w-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('deleteDialog.title')}
      </h2>
      <p id={messageId} className="mt-2 text-slate-700">
        {t('deleteDialog.message')}
      </p>
      {failed && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {t('deleteDialog.failed')}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button autoFocus onClick={onCancel} disabled={deleting}>
          {t('deleteDialog.cancel')}
        </Button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={deleting}
          className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-50"
        >
          {deleting ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
