import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DIGEST_PAGE_SIZE } from '../../common/paper-rules.js';
import type { PaperListItem } from '../../common/papers.js';
import { editPaperPath } from '../../common/routes.js';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { Pagination } from '../components/ui/pagination.js';
import { Spinner } from '../components/ui/spinner.js';
import { useSignedInReader } from '../features/auth/auth-store.js';
import { useBookmarks } from '../features/bookmarks/use-bookmarks.js';
import { categoriesQueryOptions, paperListQueryOptions } from '../features/papers/api.js';
import { CategoryFilter } from '../features/papers/components/category-filter.js';
import { DigestSearchBox } from '../features/papers/components/digest-search-box.js';
import { NoPapersFound, PapersLoadError } from '../features/papers/components/list-states.js';
import { PaperGrid } from '../features/papers/components/paper-grid.js';
import { SortToggle } from '../features/papers/components/sort-toggle.js';
import {
  type DigestOrder,
  FIRST_DIGEST_POSITION,
  positionInUrl,
  rememberOpeningFromList,
} from '../features/papers/navigation-state.js';
import { useDigestListPosition } from '../features/papers/use-digest-list-position.js';
import { useDocumentMeta } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';
import type { Prefetch } from '../lib/ssr.js';

// A search's results are not needed to show the list: their code loads once the reader searches, or
// heads for the search box.
const loadSearchResults = () => import('../features/papers/components/search-results.js');
const SearchResults = lazy(async () => ({ default: (await loadSearchResults()).SearchResults }));
// The Popular order (its counts, and what it ranks) shows only once it is chosen.
const loadWeekActivity = () => import('../features/papers/components/week-activity.js');
const WeekActivity = lazy(async () => ({ default: (await loadWeekActivity()).WeekActivity }));
const PopularPapers = lazy(async () => ({ default: (await loadWeekActivity()).PopularPapers }));
// For you is a reader's choice: its code (and with it its texts) loads once it is chosen.
const ForYou = lazy(async () => ({
  default: (await import('../features/papers/components/for-you.js')).ForYou,
}));
// Only signed-in readers have bookmarks: the toggle's code loads for them alone.
const BookmarkToggle = lazy(async () => ({
  default: (await import('../features/bookmarks/components/bookmark-toggle.js')).BookmarkToggle,
}));

/**
 * The page the address names (the first for a bare /ai-digest) and the category filter's list. A
 * search's results come from the browser: searching is a rate-limited POST, and a rendering per
 * query would be a rendering per visitor's whim.
 */
export const prefetch: Prefetch = ({ queryClient, url }) => {
  const { page, category, query, sort } = positionInUrl(url.searchParams) ?? FIRST_DIGEST_POSITION;
  return Promise.all([
    query || sort === 'for-you'
      ? null
      : queryClient.prefetchQuery(paperListQueryOptions({ page, limit: DIGEST_PAGE_SIZE, category, sort })),
    queryClient.prefetchQuery(categoriesQueryOptions()),
  ]);
};

export function DigestListPage() {
  const { t } = useTranslation();
  useDocumentMeta(t('digest.title'), t('digest.tagline'));
  const { position, changePosition } = useDigestListPosition();
  const { page, category, query, sort } = position;
  const searchInputRef = useRef<HTMLInputElement>(null);
  const [resultsFocusRequest, setResultsFocusRequest] = useState(0);
  const { readerId, isAdmin } = useSignedInReader();
  useBookmarks(readerId);
  // For you takes the list's place; a search takes either's.
  const forYou = query === null && sort === 'for-you';
  const listShown = query === null && !forYou;
  const { data, error, isPending, isPlaceholderData, refetch } = useQuery({
    ...paperListQueryOptions({ page, limit: DIGEST_PAGE_SIZE, category, sort: sort === 'for-you' ? 'newest' : sort }),
    placeholderData: keepPreviousData,
    enabled: listShown,
  });

  useEffect(() => {
    if (error) logUnexpected('Error loading papers', error);
  }, [error]);

  // A remembered page past the end (papers were removed since) moves to the last page.
  const totalPages = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (query === null && !isPlaceholderData && totalPages > 0 && page > totalPages) {
      changePosition({ page: totalPages, category, query, sort }, { replace: true });
    }
  }, [query, isPlaceholderData, totalPages, page, category, sort, changePosition]);

  const openPaper = (arxivId: string, event: MouseEvent<HTMLAnchorElement>) => {
    // The cards on screen are of the page before the one being loaded: opening one would lose the reader.
    if (listShown && isPlaceholderData) {
      event.preventDefault();
      return;
    }
    rememberOpeningFromList(position, arxivId);
  };

  // The category and the search narrow each other: choosing one keeps the other.
  const changeCategory = useCallback(
    (next: string | null) => changePosition({ page: 1, category: next, query, sort }),
    [changePosition, query, sort],
  );
  const changeSort = (next: DigestOrder) => changePosition({ page: 1, category, query, sort: next });
  const search = (next: string) => {
    changePosition({ page: 1, category, query: next, sort });
    setResultsFocusRequest((count) => count + 1);
  };
  const changeResultsPage = useCallback(
    (next: number) => changePosition({ page: next, category, query, sort }),
    [changePosition, category, query, sort],
  );
  const clearSearch = () => {
    changePosition({ page: 1, category, query: null, sort });
    searchInputRef.current?.focus();
  };

  const weekActivityOf = (paper: PaperListItem) =>
    paper.thisWeek && (
      <Suspense fallback={null}>
        <WeekActivity activity={paper.thisWeek} />
      </Suspense>
    );
  const renderPapers = <P extends PaperListItem>(
    papers: P[],
    busy = false,
    noteOf: (paper: P) => ReactNode = weekActivityOf,
  ) => (
    <PaperGrid
      papers={papers}
      busy={busy}
      onOpen={openPaper}
      noteOf={noteOf}
      actionsOf={
        readerId === null
          ? undefined
          : (paper) => (
              <>
                <Suspense fallback={null}>
                  <BookmarkToggle readerId={readerId} arxivId={paper.arxivId} />
                </Suspense>
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

  let content: ReactNode;
  // The loading state holds a screen's height, so the cards do not push the footer down when they come.
  const loading = (label: string) => (
    <div className="min-h-svh">
      <Spinner label={label} />
    </div>
  );
  if (query !== null)
    content = (
      <Suspense fallback={loading(t('results.loading', { ns: 'search' }))}>
        <SearchResults
          query={query}
          category={category}
          page={page}
          onPageChange={changeResultsPage}
          onClear={clearSearch}
          onSearchEverywhere={() => changeCategory(null)}
          focusRequest={resultsFocusRequest}
          renderPapers={renderPapers}
        />
      </Suspense>
    );
  else if (forYou)
    content = (
      <Suspense fallback={loading(t('digest.loading'))}>
        <ForYou position={position} readerId={readerId} renderPapers={renderPapers} />
      </Suspense>
    );
  else if (isPending) content = loading(t('digest.loading'));
  else if (error && !data) content = <PapersLoadError message={t('digest.loadError')} onRetry={() => refetch()} />;
  else if (!data || data.papers.length === 0) content = <NoPapersFound />;
  else if (sort === 'popular')
    content = (
      <Suspense fallback={loading(t('digest.loading'))}>
        <PopularPapers papers={data.papers} render={renderPapers} busy={isPlaceholderData} />
      </Suspense>
    );
  else content = renderPapers(data.papers, isPlaceholderData);

  return (
    <PageShell>
      <section className="mb-8 rounded-3xl bg-linear-to-br from-indigo-800 to-violet-800 px-6 py-10 text-white shadow-sm sm:px-10 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('digest.title')}</h1>
        <p className="mt-3 max-w-2xl text-base text-indigo-100 sm:text-lg">{t('digest.tagline')}</p>
        <DigestSearchBox
          query={query}
          category={category}
          onSearch={search}
          onClear={clearSearch}
          onFocus={() => void loadSearchResults()}
          inputRef={searchInputRef}
        />
      </section>
      <div className="mb-6 flex flex-wrap items-center justify-end gap-3">
        {query === null && <SortToggle value={sort} onChange={changeSort} />}
        {/* Recommendations come from every category. */}
        {!forYou && <CategoryFilter value={category} onChange={changeCategory} />}
      </div>
      {content}
      {listShown && data && !error && (
        <div className="mt-10">
          {/* The page whose cards are shown: the one asked for follows with its cards. */}
          <Pagination
            currentPage={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            onPageChange={(next) => changePosition({ page: next, category, query, sort })}
          />
        </div>
      )}
    </PageShell>
  );
}
