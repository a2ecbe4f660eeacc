import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { categoryName } from '../../../../common/category-name.js';
import type { PaperCard } from '../../../../common/papers.js';
import { DIGEST_SEARCH_PAGE_SIZE, UNKNOWN_CATEGORY_ERROR } from '../../../../common/search-rules.js';
import { Button } from '../../../components/ui/button.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { categoriesQueryOptions } from '../api.js';
import { paperCardId } from '../navigation-state.js';
import { usePaperSearch } from '../use-paper-search.js';
import { NoPapersFound, PapersLoadError } from './list-states.js';

/** Stands for the query in the heading's text, where the query then goes in an element of its own. */
const QUERY_MARK = '\u0000';

interface SearchResultsProps {
  query: string;
  /** The category searched within, or null for all. */
  category: string | null;
  /** The page of the results shown, counted from 1; past the last shows the last. */
  page: number;
  onPageChange: (page: number) => void;
  onClear: () => void;
  /** Searches every category instead (the category asked for does not exist). */
  onSearchEverywhere: () => void;
  /** Moves the focus to the results' heading each time it grows (a new search): keyboard users start there. */
  focusRequest: number;
  /** The cards of one page, as the list shows them. */
  renderPapers: (papers: PaperCard[]) => ReactNode;
}

/**
 * The digest in search mode: 'Searching for "{query}"' with Clear Search, what the results are (the
 * best matches so far, or all there are), their pages, and More results after the last page while
 * the search may have more.
 */
export function SearchResults(props: SearchResultsProps) {
  const { query, category, page, onPageChange, onClear, onSearchEverywhere, focusRequest, renderPapers } = props;
  const { t, i18n } = useTranslation('search');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { search, papers, totalPages, shownPage, pageNotLoaded, hasMore, loadingMore, moreFailed, loadMore } =
    usePaperSearch(query, category, page);
  const { error, isPending, refetch } = search;
  const categories = useQuery(categoriesQueryOptions()).data;
  // Where the results loaded by More results start, until the focus has moved there.
  const [firstNew, setFirstNew] = useState<number | null>(null);

  useEffect(() => {
    if (error) logUnexpected('Error searching papers', error);
  }, [error]);
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus();
  }, [focusRequest]);
  // The first new result takes the focus once it is shown; with none, the heading does.
  useEffect(() => {
    if (firstNew === null || loadingMore) return;
    const paper = papers[firstNew];
    const target = paper ? Math.floor(firstNew / DIGEST_SEARCH_PAGE_SIZE) + 1 : shownPage;
    if (target !== shownPage) {
      onPageChange(target);
      return;
    }
    setFirstNew(null);
    const link = paper && document.getElementById(paperCardId(paper.arxivId))?.querySelector('a');
    (link ?? headingRef.current)?.focus();
  }, [firstNew, papers, shownPage, loadingMore, onPageChange]);

  const showMore = () => {
    setFirstNew(papers.length);
    loadMore();
  };
  const changePage = (next: number) => {
    onPageChange(next);
    headingRef.current?.focus();
  };

  // The query keeps its own direction: an English query in an Arabic sentence, or the other way round.
  const [before, after] = t('results.searchingFor', { query: QUERY_MARK }).split(QUERY_MARK);
  const ref = categories?.find((candidate) => candidate.name === category);
  const scope = category === null ? {} : { category: ref ? categoryName(ref, i18n.language) : category };
  const summaryKey = `${hasMore ? 'best' : 'all'}${category === null ? '' : 'In'}` as const;
  const start = (shownPage - 1) * DIGEST_SEARCH_PAGE_SIZE;
  const unknownCategory = error instanceof ApiRequestError && error.code === UNKNOWN_CATEGORY_ERROR;

  let content: ReactNode;
  let summary = '';
  // The loading state holds a screen's height, so the cards do not push the footer down when they come.
  if (isPending || pageNotLoaded)
    content = (
      <div className="min-h-svh">
        <Spinner label={t('results.loading')} />
      </div>
    );
  else if (unknownCategory)
    content = (
      <PapersLoadError
        message={t('results.unknownCategory', { category: category ?? '' })}
        onRetry={onSearchEverywhere}
        retryLabel={t('results.searchEverywhere')}
      />
    );
  else if (error) {
    const rateLimited = error instanceof ApiRequestError && error.status === 429;
    content = (
      <PapersLoadError message={t(rateLimited ? 'results.rateLimited' : 'results.failed')} onRetry={() => refetch()} />
    );
  } else if (papers.length === 0) {
    content = <NoPapersFound />;
    summary = t('digest.emptyTitle', { ns: 'translation' });
  } else {
    content = renderPapers(papers.slice(start, start + DIGEST_SEARCH_PAGE_SIZE));
    summary = t(`results.${summaryKey}`, { count: papers.length, ...scope });
  }

  let more: ReactNode = null;
  if (loadingMore) more = <Spinner label={t('results.loadingMore')} showLabel />;
  else if (!isPending && !pageNotLoaded && hasMore && shownPage === totalPages)
    more = (
      <div className="flex flex-col items-center gap-3">
        {moreFailed && <p role="alert">{t('results.moreFailed')}</p>}
        <Button variant="primary" onClick={showMore}>
          {t('results.more')}
        </Button>
      </div>
    );

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold break-words text-slate-900 outline-none sm:text-2xl"
          >
            {before}
            <bdi>{query}</bdi>
            {after}
          </h2>
          <p role="status" className="mt-1 text-sm text-slate-600">
            {summary}
          </p>
        </div>
        <Button onClick={onClear}>
          <X className="size-4" aria-hidden="true" />
          {t('results.clear')}
        </Button>
      </div>
      {content}
      <div className="mt-10 space-y-6">
        <Pagination currentPage={shownPage} totalPages={totalPages} onPageChange={changePage} showFirstLast={false} />
        {more}
      </div>
    </section>
  );
}
