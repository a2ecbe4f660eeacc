import type { QueueItem } from '../../../../common/queue.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { QueueAction } from '../api.js';

interface QueueItemActionsProps {
  item: Pick<QueueItem, 'arxivId' | 'state'>;
  /** An action is running: every button waits. */
  busy: boolean;
  onAction: (action: QueueAction) => void;
  size?: 'sm' | 'md';
}

/**
 * The actions on a queued paper, each named with its id for the rows of the list. A parked paper's
 * Process Now reads Retry; a paper being processed can only be removed (a move would change nothing
 * while a worker holds it).
 */
export function QueueItemActions({ item, busy, onAction, size = 'md' }: QueueItemActionsProps) {
  const { t } = useTranslation('admin-queue');
  const { arxivId } = item;
  const processNow: [QueueAction, string, string] =
    item.state === 'parked'
      ? ['process-now', t('actions.retry'), t('actions.retryNamed', { arxivId })]
      : ['process-now', t('actions.processNow'), t('actions.processNowNamed', { arxivId })];
  const remove: [QueueAction, string, string] = ['remove', t('actions.remove'), t('actions.removeNamed', { arxivId })];
  const actions: [QueueAction, string, string][] =
    item.state === 'processing'
      ? [remove]
      : [
          ['move-first', t('actions.moveFirst'), t('actions.moveFirstNamed', { arxivId })],
          ['move-last', t('actions.moveLast'), t('actions.moveLastNamed', { arxivId })],
          processNow,
          remove,
        ];
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map(([action, label, name]) => (
        <Button
          key={action}
          size={size}
          variant={action === 'remove' ? 'danger' : action === 'process-now' ? 'primary' : 'secondary'}
          disabled={busy}
          aria-label={name}
          onClick={() => onAction(action)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
