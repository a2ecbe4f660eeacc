import type { ComponentProps, ReactNode } from 'react';
import type { PaperListItem } from '../../../../common/papers.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { PaperGrid } from './paper-grid.js';

interface PopularPapersProps {
  papers: PaperListItem[];
  busy: boolean;
  render: (
    papers: PaperListItem[],
    busy: boolean,
    noteOf: undefined,
    divider: ComponentProps<typeof PaperGrid>['divider'],
  ) => ReactNode;
}

/**
 * The Popular order, saying what it ranks: the papers saved and commented on in the last 7 days
 * first, then, where the few of them end, every other paper newest first, with a line between.
 */
export function PopularPapers({ papers, busy, render }: PopularPapersProps) {
  const { t } = useTranslation();
  const firstQuiet = papers.findIndex(
    (paper) => !paper.thisWeek || (paper.thisWeek.saves === 0 && paper.thisWeek.comments === 0),
  );
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('digest.popular.explained')}</p>
      {render(
        papers,
        busy,
        undefined,
        firstQuiet > 0 ? { index: firstQuiet, text: t('digest.popular.rest') } : undefined,
      )}
    </>
  );
}
