import type { QueueItem } from '../../../../common/queue.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/i18n.js';

interface RemoveFromQueueDialogProps {
  /** The paper to remove; null keeps the dialog closed. */
  item: Pick<QueueItem, 'arxivId' | 'title'> | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Taking a paper out of the queue drops the bookmarks waiting for it, so it is asked first. */
export function RemoveFromQueueDialog({ item, removing, onCancel, onConfirm }: RemoveFromQueueDialogProps) {
  const { t } = useTranslation('admin-queue');
  // Isolated, so that an English title or id keeps its own direction inside an Arabic sentence.
  const isolate = (text: string) => `\u2068${text}\u2069`;
  return (
    <ConfirmDialog
      open={item !== null}
      title={t('removeDialog.title')}
      message={t('removeDialog.message', { title: isolate(item?.title ?? ''), arxivId: isolate(item?.arxivId ?? '') })}
      confirmLabel={t('removeDialog.confirm')}
      busyLabel={t('removeDialog.removing')}
      cancelLabel={t('removeDialog.cancel')}
      busy={removing}
      onConfirm={onConfirm}
      onClose={onCancel}
    />
  );
}
