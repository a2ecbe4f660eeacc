import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { PaperCard } from '../../../common/papers.js';
import { DIGEST_SEARCH_PAGE_SIZE } from '../../../common/search-rules.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { useNextPage } from '../../lib/use-next-page.js';
import { paperKeys } from './api.js';
import { fetchSearchResults, paperSearchQueryOptions, type SearchResultsSoFar } from './search-api.js';

/** Each paper once: the ranking may move between two calls (a paper added), and a paper then comes twice. */
function unique(papers: PaperCard[]): PaperCard[] {
  const seen = new Set<string>();
  return papers.filter((paper) => {
    if (seen.has(paper.arxivId)) return false;
    seen.add(paper.arxivId);
    return true;
  });
}

const appendResults = (list: SearchResultsSoFar, next: SearchResultsSoFar): SearchResultsSoFar => ({
  papers: unique([...list.papers, ...next.papers]),
  nextCursor: next.nextCursor,
});

/**
 * A search's results as loaded so far, within a category when one is chosen, and its local pages;
 * `loadMore` appends the next ones. An address past them (a reload after More results) loads the
 * next ones until its page is there.
 */
export function usePaperSearch(query: string, category: string | null, page: number) {
  const search = useQuery(paperSearchQueryOptions(query, category));
  // A stable key keeps `load` stable, so the effect below runs only when what it reads changes.
  const resultsKey = useMemo(() => paperKeys.search(query, category), [query, category]);
  const { load, pendingCursor, failedCursor } = useNextPage(resultsKey, appendResults);
  const papers = search.data?.papers ?? [];
  const nextCursor = search.data?.nextCursor ?? null;
  const loadingMore = pendingCursor !== null;
  const moreFailed = nextCursor !== null && failedCursor === nextCursor;
  const totalPages = Math.ceil(papers.length / DIGEST_SEARCH_PAGE_SIZE);
  const pageNotLoaded = papers.length > 0 && page > totalPages && nextCursor !== null && !moreFailed;

  const loadMore = useCallback(() => {
    if (nextCursor === null || loadingMore) return;
    load(nextCursor, (cursor) => fetchSearchResults(query, category, Number(cursor))).catch((error: unknown) =>
      logUnexpected('Error searching papers', error),
    );
  }, [load, nextCursor, loadingMore, query, category]);
  useEffect(() => {
    if (pageNotLoaded) loadMore();
  }, [pageNotLoaded, loadMore]);

  return {
    search,
    papers,
    totalPages,
    /** The page shown: the one asked for, or the last when it is past the end. */
    shownPage: Math.min(page, Math.max(totalPages, 1)),
    /** The page asked for is still being loaded. */
    pageNotLoaded,
    hasMore: nextCursor !== null,
    loadingMore,
    moreFailed,
    loadMore,
  };
}
