import { ArrowLeft, BookmarkPlus, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { Spinner } from '../components/ui/spinner.js';
import { useAuth } from '../features/auth/auth-store.js';
import { ExportLinks } from '../features/bookmarks/components/export-links.js';
import { RemoveBookmarkButton } from '../features/bookmarks/components/remove-bookmark-button.js';
import { useBookmarkedPapers } from '../features/bookmarks/use-bookmarks.js';
import { PaperGrid } from '../features/papers/components/paper-grid.js';
import { rememberReturnToBookmarks } from '../features/papers/navigation-state.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

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

/** /bookmarks: the signed-in reader's bookmarked papers, newest first, a page of cards per request. */
export function BookmarksPage() {
  const { t } = useTranslation('bookmarks');
  useDocumentTitle(t('title'));
  const { user } = useAuth();
  const readerId = user?.id ?? null;
  const { query, loadingMore, moreFailed, loadMore } = useBookmarkedPapers(readerId);
  const items = query.data?.items ?? [];
  const nextCursor = query.data?.nextCursor ?? null;
  const { refetch } = query;

  // Every card shown was removed while more bookmarks remain: the first page now holds those.
  const removedAllShown = items.length === 0 && nextCursor !== null;
  useEffect(() => {
    if (removedAllShown) void refetch();
  }, [removedAllShown, refetch]);

  let content: ReactNode;
  if (query.isPending) content = <Spinner label={t('loading')} />;
  else if (query.error && (!query.data || removedAllShown)) content = <LoadErrorState onRetry={() => void refetch()} />;
  else if (removedAllShown) content = <Spinner label={t('loading')} />;
  else if (items.length === 0) content = <EmptyState />;
  else {
    const bookmarkOf = new Map(items.map(({ bookmark, paper }) => [paper.id, bookmark]));
    content = (
      <>
        <PaperGrid
          papers={items.map(({ paper }) => paper)}
          busy={false}
          onOpen={rememberReturnToBookmarks}
          actionsOf={(paper) => {
            const bookmark = bookmarkOf.get(paper.id);
            return readerId !== null && bookmark && <RemoveBookmarkButton readerId={readerId} bookmark={bookmark} />;
          }}
        />
        {nextCursor !== null && (
          <div className="mt-8 flex flex-col items-center gap-3">
            {moreFailed && (
              <p role="alert" className="text-slate-700">
                {t('loadMoreError')}
              </p>
            )}
            <Button aria-disabled={loadingMore} onClick={loadMore}>
              {loadingMore ? t('loadingMore') : t('loadMore')}
            </Button>
          </div>
        )}
      </>
    );
  }

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
      {items.length > 0 && <ExportLinks />}
      {content}
    </PageShell>
  );
}
