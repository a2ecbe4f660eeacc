import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

/** A list paged by cursor, as the API answers each page: its rows and where the next page starts. */
export interface CursorPage {
  nextCursor: string | null;
}

/**
 * Loads the pages after the first of a list whose query holds the first page, and appends each to
 * that query's data: the list and the changes made to it (a row removed, one added) stay in one
 * cache entry. A page is appended only if the list still ends at the cursor it was asked for. A
 * failed page is remembered, so that it is asked again only when the reader asks.
 */
export function useNextPage<Page extends CursorPage>(queryKey: QueryKey, append: (list: Page, next: Page) => Page) {
  const queryClient = useQueryClient();
  const [pendingCursor, setPendingCursor] = useState<string | null>(null);
  const [failedCursor, setFailedCursor] = useState<string | null>(null);
  const load = useCallback(
    async (cursor: string, fetchPage: (cursor: string) => Promise<Page>): Promise<void> => {
      setPendingCursor(cursor);
      setFailedCursor(null);
      try {
        const next = await fetchPage(cursor);
        queryClient.setQueryData<Page>(queryKey, (list) => (list?.nextCursor === cursor ? append(list, next) : list));
      } catch (error) {
        setFailedCursor(cursor);
        throw error;
      } finally {
        setPendingCursor(null);
      }
    },
    [queryClient, queryKey, append],
  );
  const forgetFailure = useCallback(() => setFailedCursor(null), []);
  return {
    /** The cursor of the page being loaded, if any. */
    pendingCursor,
    /** The cursor of the page that failed last, until the next load. */
    failedCursor,
    /** Loads the page at `cursor`; stable while the query key (memoise it) and `append` are. */
    load,
    /** Lets a failed page be asked again. */
    forgetFailure,
  };
}
