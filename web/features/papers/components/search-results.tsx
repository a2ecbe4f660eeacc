import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { PaperCard } from '../../../../common/papers.js';
import { DIGEST_SEARCH_PAGE_SIZE } from '../../../../common/search-rules.js';
import { Button } from '../../../components/ui/button.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { paperSearchQueryOptions } from '../api.js';
import { NoPapersFound, PapersLoadError } from './list-states.js';

/** Stands for the query in the heading's text, where the query then goes in an element of its own. */
const QUERY_MARK = '\u0000';

interface SearchResultsProps {
  query: string;
  /** The page of the results shown, counted from 1; past the last shows the last. */
  page: number;
  onPageChange: (page: number) => void;
  onClear: () => void;
  /** Moves the focus to the results' heading each time it grows (a search, a page): keyboard users start there. */
  focusRequest: number;
  /** The cards of one page, as the list shows them. */
  renderPapers: (papers: PaperCard[]) => ReactNode;
}

/**
 * The digest in search mode: 'Searching for "{query}"' with Clear Search, and the results of one
 * search, paged here without asking the server again.
 */
export function SearchResults({ query, page, onPageChange, onClear, focusRequest, renderPapers }: SearchResultsProps) {
  const { t } = useTranslation('search');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data, error, isPending, refetch } = useQuery(paperSearchQueryOptions(query));

  useEffect(() => {
    if (error) logUnexpected('Error searching papers', error);
  }, [error]);
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus();
  }, [focusRequest]);

  // The query keeps its own direction: an English query in an Arabic sentence, or the other way round.
  const [before, after] = t('results.searchingFor', { query: QUERY_MARK }).split(QUERY_MARK);
  const papers = data?.papers ?? [];
  const totalPages = Math.ceil(papers.length / DIGEST_SEARCH_PAGE_SIZE);
  const shownPage = Math.min(page, Math.max(totalPages, 1));
  const start = (shownPage - 1) * DIGEST_SEARCH_PAGE_SIZE;

  let content: ReactNode;
  let announcement = '';
  // The loading state holds a screen's height, so the cards do not push the footer down when they come.
  if (isPending)
    content = (
      <div className="min-h-svh">
        <Spinner label={t('results.loading')} />
      </div>
    );
  else if (error) {
    const rateLimited = error instanceof ApiRequestError && error.status === 429;
    content = (
      <PapersLoadError message={t(rateLimited ? 'results.rateLimited' : 'results.failed')} onRetry={() => refetch()} />
    );
  } else if (papers.length === 0) {
    content = <NoPapersFound />;
    announcement = t('digest.emptyTitle', { ns: 'translation' });
  } else {
    content = renderPapers(papers.slice(start, start + DIGEST_SEARCH_PAGE_SIZE));
    announcement = t('results.found', { count: papers.length });
  }

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 text-xl font-bold break-words text-slate-900 outline-none sm:text-2xl"
        >
          {before}
          <bdi>{query}</bdi>
          {after}
        </h2>
        <Button onClick={onClear}>
          <X className="size-4" aria-hidden="true" />
          {t('results.clear')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {content}
      <div className="mt-10">
        <Pagination currentPage={shownPage} totalPages={totalPages} onPageChange={onPageChange} showFirstLast={false} />
      </div>
    </section>
  );
}
