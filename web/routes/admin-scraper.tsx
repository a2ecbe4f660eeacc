import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, Download, ListOrdered, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAPER_DELETED_ERROR } from '../../common/paper-rules.js';
import type { ScrapeAnswer } from '../../common/queue.js';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { PageHeading } from '../components/ui/page-heading.js';
import { Toaster, toast } from '../components/ui/toaster.js';
import { scrapePaper } from '../features/admin-scraper/api.js';
import { ScrapeForm } from '../features/admin-scraper/components/scrape-form.js';
import { ScrapedPaperCard } from '../features/admin-scraper/components/scraped-paper-card.js';
import { ApiRequestError } from '../lib/api-client.js';
import { apiErrorText } from '../lib/api-error-text.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

/** /admin-scraper (SPEC §2 Admin scraper): scrape a paper by id or URL, optionally bookmarking it. */
export function AdminScraperPage() {
  const { t } = useTranslation(['admin-scraper', 'admin']);
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ScrapeAnswer | null>(null);
  const [status, setStatus] = useState('');
  // Why the last try failed: it stays on the page until the next try, after the toast is gone.
  const [failureReason, setFailureReason] = useState<string | undefined>();

  async function scrape(input: string, addToBookmarks: boolean) {
    setBusy(true);
    setStatus('');
    setFailureReason(undefined);
    try {
      let answer: ScrapeAnswer;
      try {
        answer = await scrapePaper({ arxivId: input, ...(addToBookmarks && { addToBookmarks }) });
      } catch (failure) {
        logUnexpected('Scraping failed', failure);
        setResult(null);
        // A paper an admin deleted has a text of its own, which says how to allow it again.
        const deleted = failure instanceof ApiRequestError && failure.code === PAPER_DELETED_ERROR;
        const reason = deleted ? undefined : apiErrorText(failure, (code) => t(`admin:apiErrors.${code}`));
        setStatus(deleted ? t('deleted') : t('failed'));
        setFailureReason(reason);
        toast.error(deleted ? t('deleted') : t('failed'), { description: reason });
        return;
      }
      setResult(answer);
      let message = t(`outcomes.${answer.outcome}`);
      // The server bookmarks the paper, at once or once it is processed (a bookmark needs the stored paper).
      if (addToBookmarks) message += answer.bookmarked ? t('bookmarkAdded') : t('bookmarkFailed');
      // Every query goes stale: the readers' bookmark lists, whose keys the bookmarks feature owns, are among them.
      if (answer.bookmarked) await queryClient.invalidateQueries();
      setStatus(message);
      toast.success(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell>
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <PageHeading
          icon={Download}
          title={t('title')}
          subtitle={t('subtitle')}
          back={{ to: '/admin', label: t('backToDashboard') }}
        />
        <ScrapeForm busy={busy} onScrape={(input, bookmark) => void scrape(input, bookmark)} />
        <div className="flex flex-col gap-2">
          <p role="status" className="min-h-6 text-sm font-medium text-slate-800">
            {status}
          </p>
          {failureReason && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{failureReason}</span>
            </p>
          )}
        </div>
        {result && (
          <>
            <ScrapedPaperCard paper={result.paper} />
            <div className="flex flex-wrap gap-3">
              {result.paper.id !== null && (
                <Link
                  to={`/ai-digest/${result.paper.arxivId}`}
                  className={buttonClasses('primary', 'md', 'self-start')}
                >
                  <BookOpen className="size-4" aria-hidden="true" />
                  {t('result.open')}
                </Link>
              )}
              <Link to="/admin/queue" className={buttonClasses('secondary', 'md', 'self-start')}>
                <ListOrdered className="size-4" aria-hidden="true" />
                {t('result.queue')}
              </Link>
            </div>
          </>
        )}
      </div>
      <Toaster />
    </PageShell>
  );
}
