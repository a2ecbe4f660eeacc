import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { Button } from '../components/ui/button.js';
import { ConfirmDialog } from '../components/ui/confirm-dialog.js';
import { PageHeading } from '../components/ui/page-heading.js';
import { Pager } from '../components/ui/pager.js';
import { Spinner } from '../components/ui/spinner.js';
import { Tabs, tabPanelProps } from '../components/ui/tabs.js';
import { Toaster, toast } from '../components/ui/toaster.js';
import {
  adminBookmarksQueryOptions,
  adminPaperListQueryOptions,
  adminPaperQueryOptions,
} from '../features/admin-papers/api.js';
import { DeletedPapers } from '../features/admin-papers/components/deleted-papers.js';
import { Notice } from '../features/admin-papers/components/notice.js';
import { PaperEditForm } from '../features/admin-papers/components/paper-edit-form.js';
import { PaperSearchForm } from '../features/admin-papers/components/paper-search-form.js';
import { PapersTable } from '../features/admin-papers/components/papers-table.js';
import { usePaperAdmin } from '../features/admin-papers/use-paper-admin.js';
import { paperKeys } from '../features/papers/api.js';
import { ApiRequestError } from '../lib/api-client.js';
import { isolate } from '../lib/bidi.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

type Tab = 'search' | 'all' | 'deleted';
const LISTED_TABS: readonly Tab[] = ['all', 'deleted'];
interface PaperToDelete {
  arxivId: string;
  title: string;
}

/** 'Search & Edit': the paper the address names (?id=), in the edit form. */
function SearchAndEdit({
  arxivId,
  admin,
  onSearch,
  onClose,
  onDelete,
}: {
  arxivId: string | null;
  admin: ReturnType<typeof usePaperAdmin>;
  onSearch: (arxivId: string) => void;
  onClose: () => void;
  onDelete: (paper: PaperToDelete) => void;
}) {
  const { t } = useTranslation('admin-papers');
  const paper = useQuery({ ...adminPaperQueryOptions(arxivId ?? ''), enabled: arxivId !== null });
  const bookmarks = useQuery({ ...adminBookmarksQueryOptions(), enabled: paper.data !== undefined });
  const bookmark = bookmarks.data?.find((candidate) => candidate.arxivId === paper.data?.arxivId) ?? null;

  let content: ReactNode = null;
  if (arxivId === null) content = null;
  else if (paper.error instanceof ApiRequestError && paper.error.isNotFound)
    content = <Notice alert>{t('search.notFound')}</Notice>;
  else if (paper.error) content = <Notice alert>{t('search.failed')}</Notice>;
  else if (!paper.data) content = <Spinner label={t('search.loading')} showLabel />;
  else
    content = (
      <PaperEditForm
        // A new answer (after an update) starts the form from what the server now holds.
        key={`${paper.data.arxivId}:${paper.dataUpdatedAt}`}
        paper={paper.data}
        bookmarked={bookmarks.data ? bookmark !== null : undefined}
        busy={admin.busy}
        onUpdate={(edit) => admin.update(paper.data.arxivId, edit)}
        onToggleBookmark={() => void admin.toggleBookmark(paper.data.arxivId, bookmark)}
        onDelete={() => onDelete({ arxivId: paper.data.arxivId, title: paper.data.title })}
        onCancel={onClose}
      />
    );

  return (
    <div className="flex flex-col gap-5">
      <PaperSearchForm key={arxivId ?? ''} initial={arxivId ?? ''} onSearch={onSearch} />
      {content}
    </div>
  );
}

/** 'All Papers': a page of ten, with Edit and Delete per row, Refresh, Previous/Next and 'Page X of Y'. */
function AllPapers({
  busy,
  onEdit,
  onDelete,
}: {
  busy: boolean;
  onEdit: (arxivId: string) => void;
  onDelete: (paper: PaperToDelete) => void;
}) {
  const { t } = useTranslation('admin-papers');
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useQuery({
    ...adminPaperListQueryOptions(page),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (!error) return;
    logUnexpected('Failed to fetch papers', error);
    toast.error(t('toast.fetchFailed'));
  }, [error, t]);

  const totalPages = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  let content: ReactNode = <Spinner label={t('list.loading')} showLabel />;
  if (data && data.papers.length === 0) content = <Notice>{t('list.empty')}</Notice>;
  else if (data) content = <PapersTable papers={data.papers} busy={busy} onEdit={onEdit} onDelete={onDelete} />;
  else if (error) content = <Notice alert>{t('toast.fetchFailed')}</Notice>;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('list.refresh')}
        </Button>
      </div>
      {content}
      {/* The page whose rows are shown: the one asked for follows with its rows. */}
      <Pager
        always
        page={data?.pagination.currentPage ?? page}
        totalPages={totalPages}
        label={t('list.pagination')}
        onPageChange={setPage}
      />
    </div>
  );
}

/**
 * /admin/papers (SPEC §2 Admin papers); ?id= loads that paper in 'Search & Edit', ?tab=all shows
 * 'All Papers', ?tab=deleted the deleted arXiv ids an admin may restore.
 */
export function ManagePapersPage() {
  const { t } = useTranslation('admin-papers');
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const arxivId = params.get('id')?.trim() || null;
  const tab: Tab = LISTED_TABS.find((listed) => listed === params.get('tab')) ?? 'search';
  const [toDelete, setToDelete] = useState<PaperToDelete | null>(null);
  // What the digest, the paper pages and the category filter show changes with every write.
  const admin = usePaperAdmin({
    onPapersChanged: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paperKeys.all }),
        queryClient.invalidateQueries({ queryKey: paperKeys.categories() }),
      ]),
    // Every query goes stale: the readers' bookmark lists, whose keys the bookmarks feature owns, are among them.
    onBookmarksChanged: () => queryClient.invalidateQueries(),
  });

  const showPaper = (id: string) => setParams({ id });
  const selectTab = (next: Tab) => setParams(next !== 'search' ? { tab: next } : arxivId ? { id: arxivId } : {});

  async function confirmDelete() {
    if (!toDelete) return;
    const deleted = await admin.remove(toDelete.arxivId);
    setToDelete(null);
    if (deleted && toDelete.arxivId === arxivId) setParams(tab === 'search' ? {} : { tab });
  }

  return (
    <PageShell>
      <div className="flex flex-col gap-6">
        <PageHeading
          icon={FileText}
          title={t('title')}
          subtitle={t('subtitle')}
          back={{ to: '/admin', label: t('backToDashboard') }}
        />
        <Tabs
          label={t('tabs.label')}
          idBase={idBase}
          tabs={[
            { key: 'search', label: t('tabs.search') },
            { key: 'all', label: t('tabs.all') },
            { key: 'deleted', label: t('tabs.deleted') },
          ]}
          selected={tab}
          onSelect={selectTab}
        />
        <div {...tabPanelProps(idBase, tab)} className="outline-none">
          {tab === 'search' && (
            <SearchAndEdit
              arxivId={arxivId}
              admin={admin}
              onSearch={showPaper}
              onClose={() => setParams({})}
              onDelete={setToDelete}
            />
          )}
          {tab === 'all' && <AllPapers busy={admin.busy} onEdit={showPaper} onDelete={setToDelete} />}
          {tab === 'deleted' && <DeletedPapers />}
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('confirm.title')}
        message={t('confirm.message', { title: isolate(toDelete?.title ?? '') })}
        confirmLabel={t('confirm.confirm')}
        cancelLabel={t('confirm.cancel')}
        busy={admin.busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
      <Toaster />
    </PageShell>
  );
}
