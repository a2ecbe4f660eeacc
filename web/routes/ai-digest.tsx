import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileSearch, TriangleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DIGEST_PAGE_SIZE } from '../../common/paper-rules.js';
import { editPaperPath } from '../../common/routes.js';
import { PageShell } from '../components/layout/page-shell.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { Pagination } from '../components/ui/pagination.js';
import { Spinner } from '../components/ui/spinner.js';
import { useAuth } from '../features/auth/auth-store.js';
import { BookmarkToggle } from '../features/bookmarks/components/bookmark-toggle.js';
import { useBookmarks } from '../features/bookmarks/use-bookmarks.js';
import { categoriesQueryOptions, paperListQueryOptions } from '../features/papers/api.js';
import { CategoryFilter } from '../features/papers/components/category-filter.js';
import { PaperGrid } from '../features/papers/components/paper-grid.js';
import {
  clearReturnTarget,
  FIRST_DIGEST_POSITION,
  positionInUrl,
  rememberDigestListPosition,
} from '../features/papers/navigation-state.js';
import { useDigestListPosition } from '../features/papers/use-digest-list-position.js';
import { useDocumentMeta } from '../lib/document-title.js';
import type { Prefetch } from '../lib/ssr.js';

/** The page the address names (the first for a bare /ai-digest) and the category filter's list. */
export const prefetch: Prefetch = ({ queryClient, url }) => {
  const { page, category } = positionInUrl(url.searchParams) ?? FIRST_DIGEST_POSITION;
  return Promise.all([
    queryClient.prefetchQuery(paperListQueryOptions({ page, limit: DIGEST_PAGE_SIZE, category })),
    queryClient.prefetchQuery(categoriesQueryOptions()),
  ]);
};

function EmptyState() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <FileSearch className="mb-2 size-10 text-slate-500" />
      <p className="text-lg font-semibold text-slate-900">{t('digest.emptyTitle')}</p>
      <p className="text-slate-600">{t('digest.emptyHint')}</p>
    </div>
  );
}

function LoadErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center"
    >
      <TriangleAlert className="size-10 text-amber-600" />
      <p className="text-lg font-semibold text-slate-900">{t('digest.loadError')}</p>
      <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
    </div>
  );
}

export function DigestListPage() {
  const { t } = useTranslation();
  useDocumentMeta(t('digest.title'), t('digest.tagline'));
  const navigate = useNavigate();
  const { position, changePosition } = useDigestListPosition();
  const { page, category } = position;
  // Bookmarks wait for the server to confirm the sign-in: a stale local copy of the user has none.
  const { status, user, isAdmin } = useAuth();
  const readerId = status === 'loggedIn' && user ? user.id : null;
  useBookmarks(readerId);
  const { data, error, isPending, isPlaceholderData, refetch } = useQuery({
    ...paperListQueryOptions({ page, limit: DIGEST_PAGE_SIZE, category }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (error) console.error('Error loading papers', error);
  }, [error]);

  // A remembered page past the end (papers were removed since) moves to the last page.
  const totalPages = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (!isPlaceholderData && totalPages > 0 && page > totalPages) {
      changePosition({ page: totalPages, category }, { replace: true });
    }
  }, [isPlaceholderData, totalPages, page, category, changePosition]);

  const openPaper = (arxivId: string) => {
    // The cards on screen are of the page before the one being loaded: opening one would lose the reader.
    if (isPlaceholderData) return;
    if (!arxivId) {
      console.error('Missing paper ID');
      return;
    }
    rememberDigestListPosition(position);
    clearReturnTarget();
    navigate(`/ai-digest/${arxivId}`);
  };

  const changeCategory = useCallback(
    (next: string | null) => changePosition({ page: 1, category: next }),
    [changePosition],
  );

  let content: ReactNode;
  // The loading state holds a screen's height, so the cards do not push the footer down when they come.
  if (isPending)
    content = (
      <div className="min-h-svh">
        <Spinner label={t('digest.loading')} />
      </div>
    );
  else if (error && !data) content = <LoadErrorState onRetry={() => void refetch()} />;
  else if (!data || data.papers.length === 0) content = <EmptyState />;
  else
    content = (
      <PaperGrid
        papers={data.papers}
        busy={isPlaceholderData}
        onOpen={openPaper}
        actionsOf={
          readerId === null
            ? undefined
            : (paper) => (
                <>
                  <BookmarkToggle readerId={readerId} arxivId={paper.arxivId} />
                  {isAdmin && (
                    <Link to={editPaperPath(paper.arxivId)} className={buttonClasses('secondary')}>
                      {t('digest.editPaper')}
                    </Link>
                  )}
                </>
              )
        }
      />
    );

  return (
    <PageShell>
      <section className="mb-8 rounded-3xl bg-linear-to-br from-indigo-800 to-violet-800 px-6 py-10 text-white shadow-sm sm:px-10 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('digest.title')}</h1>
        <p className="mt-3 max-w-2xl text-base text-indigo-100 sm:text-lg">{t('digest.tagline')}</p>
      </section>
      <div className="mb-6 flex flex-wrap items-center justify-end gap-3">
        <CategoryFilter value={category} onChange={changeCategory} />
      </div>
      {content}
      {data && !error && (
        <div className="mt-10">
          {/* The page whose cards are shown: the one asked for follows with its cards. */}
          <Pagination
            currentPage={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            onPageChange={(next) => changePosition({ page: next, category })}
          />
        </div>
      )}
    </PageShell>
  );
}
