import { CalendarDays, ExternalLink, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PaperDetail as PaperDetailData } from '../../../../common/papers.js';
import { editPaperPath } from '../../../../common/routes.js';
import { HydratedApart } from '../../../components/layout/hydrated-apart.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { ENGLISH_TEXT } from '../../../lib/arabic.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { CategoryChips } from './category-chips.js';
import { PaperAbstract } from './paper-abstract.js';
import { PaperResults, PaperSummary, useShownSummary } from './paper-summary.js';
import { ShareButton } from './share-button.js';

interface PaperDetailProps {
  paper: PaperDetailData;
  /** Shows the Edit button (admins only). */
  editable?: boolean;
  /** Buttons of other features, before Share (Cite, and a reader's bookmark toggle). */
  actions?: ReactNode;
}

export function PaperDetail({ paper, editable = false, actions }: PaperDetailProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const shownSummary = useShownSummary(paper);
  return (
    <article className="space-y-6">
      <header className="space-y-4">
        <CategoryChips categories={paper.categories} />
        <h1 {...ENGLISH_TEXT} className="text-2xl leading-tight font-extrabold text-slate-900 sm:text-3xl">
          {paper.title}
        </h1>
        <div className="space-y-2 text-sm text-slate-700">
          <p className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0 text-slate-500" />
            <span>
              {t('paper.submitted')} <time dateTime={paper.submittedDate}>{dates.date(paper.submittedDate)}</time>
            </span>
          </p>
          {paper.authors.length > 0 && (
            <p className="flex items-start gap-2">
              <Users className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>
                <span className="sr-only">{t('paper.authors')}: </span>
                <span {...ENGLISH_TEXT}>{paper.authors.join(', ')}</span>
              </span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={paper.pdfUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
            {t('paper.viewFullPdf')}
            <ExternalLink className="size-4" />
            <span className="sr-only">{t('common.opensInNewTab')}</span>
          </a>
          {actions}
          <ShareButton title={paper.title} />
          {editable && (
            <Link to={editPaperPath(paper.arxivId)} className={buttonClasses('secondary')}>
              {t('paper.edit')}
            </Link>
          )}
        </div>
      </header>
      {shownSummary ? (
        <HydratedApart>
          <PaperSummary shown={shownSummary} model={paper.summaryModel} />
        </HydratedApart>
      ) : (
        <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700">{t('paper.summaryPending')}</p>
      )}
      <HydratedApart>
        <PaperAbstract abstract={paper.abstract} translation={paper.translated ? paper.abstractTranslation : null} />
      </HydratedApart>
      {shownSummary && (
        <HydratedApart>
          <PaperResults shown={shownSummary} />
        </HydratedApart>
      )}
    </article>
  );
}
