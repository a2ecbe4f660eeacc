import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BookmarkPlus, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Bookmark } from '../../common/bookmarks.js';
import type { PaperCard } from '../../common/papers.js';
import { PageShell } from '../components/layout/page-shell.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { Spinner } from '../components/ui/spinner.js';
import { useAuth } from '../features/auth/auth-store.js';
import { RemoveBookmarkButton } from '../features/bookmarks/components/remove-bookmark-button.js';
import { useBookmarks } from '../features/bookmarks/use-bookmarks.js';
import { paperCardsByIdQueryOptions } from '../features/papers/api.js';
import { PaperGrid } from '../features/papers/components/paper-grid.js';
import { rememberReturnToBookmarks } from '../features/papers/navigation-state.js';
import { useDocumentTitle } from '../lib/document-title.js';

/** The bookmarks whose paper has come, in the list's order; a paper that could not be fetched is left out. */
function bookmarkedPapers(bookmarks: Bookmark[], results: PromiseSettledResult<PaperCard>[]) {
  const papers = new Map<number, PaperCard>();
  for (const result of results) if (result.status === 'fulfilled') papers.set(result.value.id, result.value);
  return bookmarks.flatMap((bookmark) => {
    const paper = papers.get(bookmark.paperId);
    return paper ? [{ bookmark, paper }] : [];
  });
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
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const readerId = user?.id ?? null;
  const list = useBookmarks(readerId);
  const bookmarks = list.data ?? [];
  // The papers of the bookmarks as they were until those of a changed list arrive: a removed card
  // leaves at once (it is no longer bookmarked), and the others stay in place.
  const papers = useQuery({
    ...paperCardsByIdQueryOptions(
      queryClient,
      bookmarks.map(({ paperId }) => paperId),
    ),
    enabled: list.data !== undefined,
    placeholderData: keepPreviousData,
  });
  const shown = bookmarkedPapers(bookmarks, papers.data ?? []);

  useEffect(() => {
    for (const result of papers.data ?? []) {
      if (result.status === 'rejected') console.error('Error fetching bookmarks', result.reason);
    }
  }, [papers.data]);

  const openPaper = (arxivId: string) => {
    if (!arxivId) {
      console.error('Missing paper ID');
      return;
    }
    rememberReturnToBookmarks();
    navigate(`/ai-digest/${arxivId}`);
  };

  let content: ReactNode;
  if (list.isPending || (bookmarks.length > 0 && papers.isPending)) content = <Spinner label={t('loading')} />;
  else if (list.error && !list.data) content = <LoadErrorState onRetry={() => void list.refetch()} />;
  else if (shown.length === 0) content = <EmptyState />;
  else
    content = (
      <PaperGrid
        papers={shown.map(({ paper }) => paper)}
        busy={false}
        onOpen={openPaper}
        actionsOf={(paper) => {
          const bookmark = shown.find((entry) => entry.paper === paper)?.bookmark;
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
