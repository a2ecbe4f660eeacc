import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../../lib/ssr.js';
import {
  type DigestListPosition,
  FIRST_DIGEST_POSITION,
  positionInUrl,
  positionSearchParams,
  readDigestListPosition,
  rememberDigestListPosition,
} from './navigation-state.js';

/**
 * The digest list's page, category and order, or the search shown instead (within the category). The URL
 * holds them once the reader pages, filters or searches, so a reload keeps them and a search can be
 * shared; a bare /ai-digest (the header link) returns to the position remembered in sessionStorage.
 */
export function useDigestListPosition() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The server renders the first page; a page it rendered moves to the remembered one once taken over.
  const hydrated = useHydrated();
  let inUrl = positionInUrl(searchParams);
  // For you is the reader's own, which the server renders as the newest list: a page it rendered moves
  // to For you once taken over, as to a remembered position.
  if (inUrl?.sort === 'for-you' && !hydrated) inUrl = { ...inUrl, sort: 'newest' };
  const position = inUrl ?? (hydrated ? readDigestListPosition() : FIRST_DIGEST_POSITION);

  const changePosition = useCallback(
    (next: DigestListPosition, options: { replace?: boolean } = {}) => {
      rememberDigestListPosition(next);
      setSearchParams(positionSearchParams(next), { replace: options.replace });
      window.scrollTo({ top: 0 });
    },
    [setSearchParams],
  );

  // A remembered search comes back into the address, where the reader can share or reload it.
  const rememberedQuery = inUrl ? null : position.query;
  const { page: rememberedPage, category: rememberedCategory, sort: rememberedSort } = position;
  useEffect(() => {
    if (rememberedQuery) {
      setSearchParams(
        positionSearchParams({
          page: rememberedPage,
          category: rememberedCategory,
          query: rememberedQuery,
          sort: rememberedSort,
        }),
        { replace: true },
      );
    }
  }, [rememberedQuery, rememberedPage, rememberedCategory, rememberedSort, setSearchParams]);

  return { position, changePosition };
}
