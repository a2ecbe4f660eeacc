import { LoaderCircle } from 'lucide-react';
import type { QueueItem, QueueItemState } from '../../../../common/queue.js';
import { DataTable, TABLE_CELL, TABLE_ROW } from '../../../components/ui/table.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { QueueAction } from '../api.js';
import { QueueItemActions } from './queue-item-actions.js';

const STATE_LOOK: Record<QueueItemState, string> = {
  waiting: 'bg-slate-100 text-slate-800',
  processing: 'bg-indigo-100 text-indigo-800',
  retrying: 'bg-amber-100 text-amber-900',
  parked: 'bg-red-100 text-red-800',
};

function StateBadge({ state }: { state: QueueItemState }) {
  const { t } = useTranslation('admin-queue');
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_LOOK[state]}`}
    >
      {state === 'processing' && (
        <LoaderCircle className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      )}
      {t(`states.${state}`)}
    </span>
  );
}

interface QueueTableProps {
  items: readonly QueueItem[];
  busy: boolean;
  onAction: (item: QueueItem, action: QueueAction) => void;
}

/** The queue in processing order: position, paper, state, attempts, last error, when it was added, and its actions. */
export function QueueTable({ items, busy, onAction }: QueueTableProps) {
  const { t } = useTranslation('admin-queue');
  const dates = useDates();
  const columns = (['position', 'paper', 'state', 'attempts', 'lastError', 'added', 'actions'] as const).map((key) =>
    t(`list.columns.${key}`),
  );
  return (
    <DataTable label={t('list.label')} columns={columns} minWidth="min-w-[60rem]">
      {items.map((item) => (
        <tr key={item.arxivId} className={TABLE_ROW}>
          <td className={`${TABLE_CELL} tabular-nums`}>{item.position}</td>
          <th scope="row" className={`${TABLE_CELL} max-w-80 text-start font-normal`}>
            <span dir="ltr" className="block font-mono text-xs text-slate-600">
              {item.arxivId}
            </span>
            <span dir="auto" className="line-clamp-2 font-medium text-slate-900">
              {item.title}
            </span>
          </th>
          <td className={TABLE_CELL}>
            <StateBadge state={item.state} />
            {item.state === 'retrying' && item.nextAttemptAt && (
              <span className="mt-1 block text-xs text-slate-600">
                {t('list.nextAttempt', { time: dates.dateTime(item.nextAttemptAt) })}
              </span>
            )}
          </td>
          <td className={`${TABLE_CELL} tabular-nums`}>{item.attempts}</td>
          <td className={`${TABLE_CELL} max-w-72`}>
            {item.lastError && (
              <span dir="auto" className="line-clamp-3 break-words text-red-800" title={item.lastError}>
                {item.lastError}
              </span>
            )}
          </td>
          <td className={`${TABLE_CELL} whitespace-nowrap`}>{dates.dateTime(item.createdAt)}</td>
          <td className={TABLE_CELL}>
            <QueueItemActions item={item} busy={busy} size="sm" onAction={(action) => onAction(item, action)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
