import type { AdminCategory } from '../../../../common/admin-papers.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/i18n.js';

interface DeleteCategoryDialogProps {
  /** The category to delete; null keeps the dialog closed. */
  category: AdminCategory | null;
  deleting: boolean;
  failed: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting a category needs a confirmation that says how many papers lose it; open until the server has answered. */
export function DeleteCategoryDialog({ category, deleting, failed, onCancel, onConfirm }: DeleteCategoryDialogProps) {
  const { t } = useTranslation('admin-categories');
  return (
    <ConfirmDialog
      open={category !== null}
      title={t('deleteDialog.title', { name: category?.name ?? '' })}
      message={t('deleteDialog.message', { count: category?.paperCount ?? 0 })}
      confirmLabel={t('deleteDialog.confirm')}
      busyLabel={t('deleteDialog.deleting')}
      cancelLabel={t('deleteDialog.cancel')}
      busy={deleting}
      error={failed ? t('toast.deleteFailed') : null}
      onConfirm={onConfirm}
      onClose={onCancel}
    />
  );
}
