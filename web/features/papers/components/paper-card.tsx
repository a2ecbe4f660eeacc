import { CalendarDays, ExternalLink } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { PaperCard as PaperCardData } from '../../../../common/papers.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { ENGLISH_TEXT } from '../../../lib/arabic.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useLocalizedAddress } from '../../../lib/localized-links.js';
import { coverImageUrl } from '../api.js';
import { paperCardId } from '../navigation-state.js';
import { CategoryChips } from './category-chips.js';

interface PaperCardProps {
  paper: PaperCardData;
  /** Cards in the first row load their cover at once; the others when scrolled near. */
  eagerImage: boolean;
  /**
   * Called as Read More is followed (also to a new tab): the page remembers where the reader was,
   * and may cancel it with preventDefault.
   */
  onOpen: (arxivId: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** What the page adds at the end of the card's buttons (a bookmark toggle, a remove button). */
  actions?: ReactNode;
  /** What the page says of the paper under its date (why it is listed where it is). */
  note?: ReactNode;
}

export function PaperCard({ paper, eagerImage, onOpen, actions, note }: PaperCardProps) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const localized = useLocalizedAddress();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!paper.arxivId) {
      event.preventDefault();
      console.error('Missing paper ID');
      return;
    }
    onOpen(paper.arxivId, event);
  };
  return (
    <article
      id={paperCardId(paper.arxivId)}
      className="flex scroll-mt-24 h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <img
        src={coverImageUrl(paper, i18n.language)}
        alt={t('digest.coverAlt', { title: paper.title })}
        width={640}
        height={360}
        loading={eagerImage ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarDays className="size-4" />
          <time dateTime={paper.submittedDate}>{dates.date(paper.submittedDate)}</time>
        </p>
        {note}
        <CategoryChips categories={paper.categories} />
        <h2 {...ENGLISH_TEXT} className="text-lg leading-snug font-semibold text-slate-900">
          {paper.title}
        </h2>
        <p {...ENGLISH_TEXT} className="line-clamp-4 text-sm leading-relaxed text-slate-700">
          {paper.abstract}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {/*
            A link: it opens in a new tab, and crawlers follow it from the rendered list. Its text goes
            on with the paper's title, unseen, so that it says where it leads out of context too.
          */}
          <Link
            to={localized(`/ai-digest/${paper.arxivId}`)}
            onClick={open}
            data-read-more
            className={buttonClasses('primary')}
          >
            {t('digest.readMore')}
            <span className="sr-only">
              {' – '}
              <span {...ENGLISH_TEXT}>{paper.title}</span>
            </span>
          </Link>
          <a href={paper.pdfUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
            {t('digest.viewPdf')}
            <ExternalLink className="size-4" />
            <span className="sr-only">{t('common.opensInNewTab')}</span>
          </a>
          {actions && <div className="ms-auto flex gap-2">{actions}</div>}
        </div>
      </div>
    </article>
  );
}
