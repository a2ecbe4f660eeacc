import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { PaperCard } from '../../../common/papers.js';
import { DIGEST_SEARCH_PAGE_SIZE } from '../../../common/search-rules.js';
import { paperSearchQueryOptions } from './api.js';

/** Each paper once: the ranking may move between two calls (a paper added), and a paper then comes twice. */
function unique(papers: PaperCard[]): PaperCard[] {
  const seen = new Set<string>();
  return papers.filter((paper) => {
    if (seen.has(paper.arxivId)) return false;
    seen.add(paper.arxivId);
    return true;
  });
}

/**
 * A search's results as loaded so far, within a category when one is chosen, and its local pages.
 * An address past them (a reload after More results) loads the next results until its page is there.
 */
export function usePaperSearch(query: string, category: string | null, page: number) {
  const search = useInfiniteQuery(paperSearchQueryOptions(query, category));
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = search;
  const papers = useMemo(() => unique(data?.pages.flatMap((answer) => answer.papers) ?? []), [data]);
  const totalPages = Math.ceil(papers.length / DIGEST_SEARCH_PAGE_SIZE);
  const pageNotLoaded = papers.length > 0 && page > totalPages && hasNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (pageNotLoaded && !isFetchingNextPage) void fetchNextPage();
  }, [pageNotLoaded, isFetchingNextPage, fetchNextPage]);

  return {
    ...search,
    papers,
    totalPages,
    /** The page shown: the one asked for, or the last when it is past the end. */
    shownPage: Math.min(page, Math.max(totalPages, 1)),
    /** The page asked for is still being loaded. */
    pageNotLoaded,
  };
}
