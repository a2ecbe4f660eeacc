import { FileDown } from 'lucide-react';
import { useId } from 'react';
import type { ScrapeAnswer } from '../../../../common/queue.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** What arXiv says of the scraped paper: title, abstract, PDF link and version. */
export function ScrapedPaperCard({ paper }: { paper: ScrapeAnswer['paper'] }) {
  const { t } = useTranslation('admin-scraper');
  const { t: tc } = useTranslation();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <p className="text-sm font-medium text-indigo-700">{t('result.label')}</p>
      <h2 id={titleId} dir="auto" className="text-xl font-semibold text-slate-900">
        {paper.title}
      </h2>
      <p className="text-sm text-slate-600">
        <span dir="ltr">{paper.arxivId}</span> · {t('result.version', { version: String(paper.version) })}
      </p>
      <p dir="auto" className="leading-relaxed text-slate-700">
        {paper.abstract}
      </p>
      <a
        href={paper.pdfUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('secondary', 'md', 'self-start')}
      >
        {t('result.pdf')}
        <FileDown className="size-4" aria-hidden="true" />
        <span className="sr-only">{tc('common.opensInNewTab')}</span>
      </a>
    </article>
  );
}
