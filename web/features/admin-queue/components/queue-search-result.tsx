import { CircleCheck, CircleHelp, ListOrdered } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { QueueItem, QueueSearch } from '../../../../common/queue.js';
import { editPaperPath } from '../../../../common/routes.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { QueueAction, ScrapeMode } from '../api.js';
import { QueueItemActions } from './queue-item-actions.js';

interface QueueSearchResultProps {
  result: QueueSearch;
  /** An action is running: every button waits. */
  busy: boolean;
  onAction: (item: QueueItem, action: QueueAction) => void;
  onScrape: (arxivId: string, mode: ScrapeMode) => void;
}

function ResultBox({ icon, heading, children }: { icon: ReactNode; heading: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('admin-queue');
  return (
    <section
      aria-label={t('result.label')}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        {icon}
        {heading}
      </p>
      {children}
    </section>
  );
}

/** The three cases of a queue search and their actions (SPEC §4 Queue). */
export function QueueSearchResult({ result, busy, onAction, onScrape }: QueueSearchResultProps) {
  const { t } = useTranslation('admin-queue');
  if (result.status === 'in_queue') {
    const { item } = result;
    return (
      <ResultBox
        icon={<ListOrdered className="size-5 text-indigo-700" aria-hidden="true" />}
        heading={t('result.inQueue', { position: item.position })}
      >
        <p dir="auto" className="text-slate-800">
          <span dir="ltr" className="font-mono text-sm text-slate-600">
            {item.arxivId}
          </span>{' '}
          {item.title}
        </p>
        <QueueItemActions item={item} busy={busy} onAction={(action) => onAction(item, action)} />
      </ResultBox>
    );
  }
  if (result.status === 'processed') {
    const { paper } = result;
    return (
      <ResultBox
        icon={<CircleCheck className="size-5 text-emerald-700" aria-hidden="true" />}
        heading={t('result.processed')}
      >
        <p dir="auto" className="text-slate-800">
          <span dir="ltr" className="font-mono text-sm text-slate-600">
            {paper.arxivId}
          </span>{' '}
          {paper.title}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={`/ai-digest/${paper.arxivId}`} className={buttonClasses('primary')}>
            {t('result.read')}
          </Link>
          <Link to={editPaperPath(paper.arxivId)} className={buttonClasses('secondary')}>
            {t('result.edit')}
          </Link>
        </div>
      </ResultBox>
    );
  }
  const scrapes: [ScrapeMode, string][] = [
    ['process-now', t('actions.scrapeProcess')],
    ['front', t('actions.scrapeFront')],
    ['back', t('actions.scrapeBack')],
  ];
  return (
    <ResultBox
      icon={<CircleHelp className="size-5 text-amber-600" aria-hidden="true" />}
      heading={t('result.notFound')}
    >
      <p className="text-slate-700">
        <span dir="ltr" className="font-mono text-sm">
          {result.arxivId}
        </span>{' '}
        {t('result.notFoundHint')}
      </p>
      <div className="flex flex-wrap gap-2">
        {scrapes.map(([mode, label]) => (
          <Button
            key={mode}
            variant={mode === 'process-now' ? 'primary' : 'secondary'}
            disabled={busy}
            onClick={() => onScrape(result.arxivId, mode)}
          >
            {label}
          </Button>
        ))}
      </div>
    </ResultBox>
  );
}
