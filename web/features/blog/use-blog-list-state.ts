import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { readBlogListParams, toBlogListSearch } from './list-params.js';
import type { BlogCategory } from './posts.js';

/**
 * Category, search and page of the blog list, kept in the URL. The search box has its own state so
 * typing never waits for a navigation; Back and Forward bring the search of their entry back.
 * Changing the category or the search returns to page 1 (SPEC §4).
 */
export function useBlogListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { category, page, query: urlQuery } = useMemo(() => readBlogListParams(searchParams), [searchParams]);
  const [query, setQueryState] = useState(urlQuery);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (navigationType === 'POP') setQueryState(urlQuery);
  }

  // The list keeps its scroll position: the page's own controls decide where to scroll.
  const setCategory = useCallback(
    (next: BlogCategory | null) => {
      if (next === category) return;
      setSearchParams(toBlogListSearch({ category: next, query, page: 1 }), { preventScrollReset: true });
    },
    [category, query, setSearchParams],
  );

  const setQuery = useCallback(
    (next: string) => {
      setQueryState(next);
      setSearchParams(toBlogListSearch({ category, query: next, page: 1 }), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [category, setSearchParams],
  );

  const setPage = useCallback(
    (next: number) => setSearchParams(toBlogListSearch({ category, query, page: next }), { preventScrollReset: true }),
    [category, query, setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setQueryState('');
    setSearchParams(new URLSearchParams(), { preventScrollReset: true });
  }, [setSearchParams]);

  return { category, query, page, setCategory, setQuery, setPage, clearFilters };
}
