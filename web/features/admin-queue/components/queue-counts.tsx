import type { QueueList } from '../../../../common/queue.js';
import { useTranslation } from '../../../lib/i18n.js';

const ORDER = ['waiting', 'processing', 'retrying', 'parked', 'processed'] as const;

/** How many papers wait, are being processed, retry or are parked, and how many are processed. */
export function QueueCounts({ counts }: { counts: QueueList['counts'] }) {
  const { t } = useTranslation('admin-queue');
  return (
    <dl aria-label={t('counts.label')} className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {ORDER.map((key) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <dt className="text-sm text-slate-600">{t(`counts.${key}`)}</dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
