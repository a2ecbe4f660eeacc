import type { Health } from '../../../../common/health.js';
import { useTranslation } from '../../../lib/i18n.js';
import { timeLeft } from '../time-left.js';

/**
 * While papers are being embedded for search: how many have their vector, and about how long the
 * rest will take at the pace of the last minutes (left out until the server knows the pace).
 * Nothing once every paper has its vector, or on a site without vector search.
 */
export function EmbeddingProgress({ search }: { search: Health['search'] }) {
  const { t } = useTranslation('admin-queue');
  const { done, total, secondsLeft } = search.embedded;
  if (search.vectorIndex === 'none' || done >= total) return null;
  const papers = { done, total };

  function leftText(seconds: number): string {
    const { hours, minutes } = timeLeft(seconds);
    const hoursText = t('embedding.hours', { count: hours });
    const minutesText = t('embedding.minutes', { count: minutes });
    if (hours === 0) return minutesText;
    if (minutes === 0) return hoursText;
    return t('embedding.hoursAndMinutes', { hours: hoursText, minutes: minutesText });
  }

  const text =
    secondsLeft === null
      ? t('embedding.progress', papers)
      : t('embedding.progressWithTimeLeft', { ...papers, left: leftText(secondsLeft) });
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p className="tabular-nums">{text}</p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-indigo-600" style={{ width: `${Math.floor((done / total) * 100)}%` }} />
      </div>
    </div>
  );
}
