import { type QueryObserverResult, useQueries } from '@tanstack/react-query';
import { ArrowLeft, BookmarkPlus, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PaperCard } from '../../common/papers.js';
import { PageShell } from '../components/layout/page-shell.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { Spinner } from '../components/ui/spinner.js';
import { useAuth } from '../features/auth/auth-store.js';
import { RemoveBookmarkButton } from '../features/bookmarks/components/remove-bookmark-button.js';
import { useBookmarks } from '../features/bookmarks/use-bookmarks.js';
import { paperCardByIdQueryOptions } from '../features/papers/api.js';
import { PaperGrid } from '../features/papers/components/paper-grid.js';
import { rememberReturnToBookmarks } from '../features/papers/navigation-state.js';
import { useDocumentTitle } from '../lib/document-title.js';

/** The bookmarked papers in the list's order; those that could not be fetched are left out. */
function combinePapers(results: QueryObserverResult<PaperCard>[]) {
  return {
    pending: results.some((result) => result.isPending),
    papers: results.flatMap((result) => (result.data ? [result.data] : [])),
    errors: results.flatMap((result) => (result.error ? [result.error] : [])),
  };
}

function EmptyState() {
  const { t } = useTranslation('bookmarks');
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <BookmarkPlus className="mb-1 size-10 text-slate-500" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">{t('emptyTitle')}</h2>
      <p className="max-w-md text-slate-600">{t('emptyText')}</p>
      <Link to="/ai-digest" className={buttonClasses('primary', 'md', 'mt-2')}>
        {t('explore')}
      </Link>
    </div>
  );
}

function LoadErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['bookmarks', 'translation']);
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center"
    >
      <TriangleAlert className="size-10 text-amber-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-slate-900">{t('loadError')}</p>
      <Button onClick={onRetry}>{t('translation:common.tryAgain')}</Button>
    </div>
  );
}

/** /bookmarks: the signed-in reader's bookmarked papers, each fetched by its id. */
export function BookmarksPage() {
  const { t } = useTranslation('bookmarks');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const { user } = useAuth();
  const readerId = user?.id ?? null;
  const list = useBookmarks(readerId);
  const bookmarks = list.data ?? [];
  const cards = useQueries({
    queries: bookmarks.map((bookmark) => paperCardByIdQueryOptions(bookmark.paperId)),
    combine: combinePapers,
  });

  useEffect(() => {
    for (const error of cards.errors) console.error('Error fetching bookmarks', error);
  }, [cards.errors]);

  const openPaper = (arxivId: string) => {
    if (!arxivId) {
      console.error('Missing paper ID');
      return;
    }
    rememberReturnToBookmarks();
    navigate(`/ai-digest/${arxivId}`);
  };

  let content: ReactNode;
  if (list.isPending || cards.pending) content = <Spinner label={t('loading')} />;
  else if (list.error && !list.data) content = <LoadErrorState onRetry={() => void list.refetch()} />;
  else if (cards.papers.length === 0) content = <EmptyState />;
  else
    content = (
      <PaperGrid
        papers={cards.papers}
        busy={false}
        onOpen={openPaper}
        actionsOf={(paper) => {
          const bookmark = bookmarks.find(({ paperId }) => paperId === paper.id);
          return readerId !== null && bookmark && <RemoveBookmarkButton readerId={readerId} bookmark={bookmark} />;
        }}
      />
    );

  return (
    <PageShell>
      <Link to="/ai-digest" className={buttonClasses('ghost', 'md', '-ms-3 mb-4')}>
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('backToDigest')}
      </Link>
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 text-base text-slate-600 sm:text-lg">{t('subtitle')}</p>
      </header>
      {content}
    </PageShell>
  );
}
