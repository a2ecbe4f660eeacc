import { TrendingUp } from 'lucide-react';
import type { WeekActivity as WeekActivityData } from '../../../../common/popularity.js';
import { useTranslation } from '../../../lib/i18n.js';

/** What earned a card its place in the Popular order: its saves and comments of the last 7 days. */
export function WeekActivity({ activity: { saves, comments } }: { activity: WeekActivityData }) {
  const { t } = useTranslation();
  if (saves === 0 && comments === 0) return null;
  const savesText = t('digest.thisWeek.saves', { count: saves });
  const commentsText = t('digest.thisWeek.comments', { count: comments });
  let text = t('digest.thisWeek.both', { saves: savesText, comments: commentsText });
  if (comments === 0) text = t('digest.thisWeek.one', { activity: savesText });
  else if (saves === 0) text = t('digest.thisWeek.one', { activity: commentsText });
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-indigo-800">
      <TrendingUp className="size-4 shrink-0 rtl:-scale-x-100" aria-hidden="true" />
      {text}
    </p>
  );
}
