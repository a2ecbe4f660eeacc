import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ListOrdered } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { QueueItem } from '../../common/queue.js';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { PageHeading } from '../components/ui/page-heading.js';
import { Pager } from '../components/ui/pager.js';
import { Spinner } from '../components/ui/spinner.js';
import { Toaster } from '../components/ui/toaster.js';
import { type QueueAction, queueListQueryOptions } from '../features/admin-queue/api.js';
import { EmbeddingProgress } from '../features/admin-queue/components/embedding-progress.js';
import { QueueCounts } from '../features/admin-queue/components/queue-counts.js';
import { QueueSearchForm } from '../features/admin-queue/components/queue-search-form.js';
import { QueueSearchResult } from '../features/admin-queue/components/queue-search-result.js';
import { QueueTable } from '../features/admin-queue/components/queue-table.js';
import { RemoveFromQueueDialog } from '../features/admin-queue/components/remove-from-queue-dialog.js';
import { useQueueSearch } from '../features/admin-queue/use-queue-search.js';
import { healthQueryOptions } from '../features/search/api.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

const QUEUE_PAGE_SIZE = 20;

/** /admin/queue (SPEC §2 Admin queue, §4 Queue): search with its actions, then the queue, live. */
export function ManageQueuePage() {
  const { t } = useTranslation('admin-queue');
  useDocumentTitle(t('title'));
  const [page, setPage] = useState(1);
  const [addToBookmarks, setAddToBookmarks] = useState(false);
  const queryClient = useQueryClient();
  // Every query goes stale: the readers' bookmark lists, whose keys the bookmarks feature owns, are among them.
  const queue = useQueueSearch(() => queryClient.invalidateQueries());
  const { data, error, isPending } = useQuery({
    ...queueListQueryOptions(page, QUEUE_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const [toRemove, setToRemove] = useState<QueueItem | null>(null);
  // Removing asks first; the other actions run at once.
  const onAction = (item: QueueItem, action: QueueAction) => {
    if (action === 'remove') setToRemove(item);
    else void queue.act(item.arxivId, action);
  };
  async function confirmRemove(item: QueueItem) {
    await queue.act(item.arxivId, 'remove');
    setToRemove(null);
  }
  // Imported papers are searchable by meaning only once embedded: their progress shows here too.
  const health = useQuery(healthQueryOptions());

  useEffect(() => {
    if (error) logUnexpected('Failed to fetch the queue', error);
  }, [error]);

  const totalPages = data?.pagination.totalPages ?? 0;
  // The queue drains as the worker runs: a page past the end moves to the last one.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  let list = <Spinner label={t('list.loading')} showLabel />;
  if (!isPending && error && !data)
    list = (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center text-red-800">
        {t('list.fetchFailed')}
      </p>
    );
  else if (data && data.items.length === 0)
    list = (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
        {t('list.empty')}
      </p>
    );
  else if (data) list = <QueueTable items={data.items} busy={queue.acting} onAction={onAction} />;

  return (
    <PageShell>
      <div className="flex flex-col gap-6">
        <PageHeading
          icon={ListOrdered}
          title={t('title')}
          subtitle={t('subtitle')}
          back={{ to: '/admin', label: t('backToDashboard') }}
        />
        <div className="flex flex-col gap-4">
          <QueueSearchForm
            busy={queue.searching}
            addToBookmarks={addToBookmarks}
            onAddToBookmarksChange={setAddToBookmarks}
            onSearch={(arxivId) => void queue.search(arxivId)}
          />
          {queue.result && (
            <QueueSearchResult
              result={queue.result}
              busy={queue.acting}
              onAction={onAction}
              onScrape={(arxivId, mode) => void queue.scrape(arxivId, mode, addToBookmarks)}
            />
          )}
        </div>
        <section className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">{t('list.title')}</h2>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-slate-600">{t('list.live')}</p>
              <Link to="/admin-scraper" className={buttonClasses('secondary', 'sm')}>
                <Download className="size-4" aria-hidden="true" />
                {t('scraperLink')}
              </Link>
            </div>
          </div>
          {data && <QueueCounts counts={data.counts} />}
          {health.data && <EmbeddingProgress search={health.data.search} />}
          {list}
          {data && <Pager page={page} totalPages={totalPages} label={t('list.pagination')} onPageChange={setPage} />}
        </section>
      </div>
      <RemoveFromQueueDialog
        item={toRemove}
        removing={queue.acting}
        onCancel={() => setToRemove(null)}
        onConfirm={() => toRemove && void confirmRemove(toRemove)}
      />
      <Toaster />
    </PageShell>
  );
}
