import { TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PaperListItem } from '../../../../common/papers.js';
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

interface PopularPapersProps {
  papers: PaperListItem[];
  busy: boolean;
  render: (papers: PaperListItem[], busy: boolean) => ReactNode;
}

const isQuiet = ({ thisWeek }: PaperListItem) => !thisWeek || (thisWeek.saves === 0 && thisWeek.comments === 0);

/**
 * The Popular order, saying what it ranks: the papers saved and commented on in the last 7 days
 * first, then, where the few of them end, every other paper newest first, under a line that says so.
 */
export function PopularPapers({ papers, busy, render }: PopularPapersProps) {
  const { t } = useTranslation('search');
  const firstQuiet = papers.findIndex(isQuiet);
  const active = firstQuiet === -1 ? papers : papers.slice(0, firstQuiet);
  const rest = firstQuiet === -1 ? [] : papers.slice(firstQuiet);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-700">{t('popular.explained')}</p>
      {active.length > 0 && render(active, busy)}
      {active.length > 0 && rest.length > 0 && (
        <p className="flex items-center gap-3 text-sm font-medium text-slate-600">
          <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
          {t('popular.rest')}
          <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
        </p>
      )}
      {rest.length > 0 && render(rest, busy)}
    </div>
  );
}
