import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useBrowserText } from '../../lib/ssr.js';
import {
  type DigestListPosition,
  FIRST_DIGEST_POSITION,
  positionInUrl,
  positionSearchParams,
  readDigestListPosition,
  rememberDigestListPosition,
} from './navigation-state.js';

/**
 * The server renders the first page for a bare /ai-digest, and For you (the reader's own) as the
 * newest list; a page it rendered moves to the remembered position, or to For you, once taken over.
 */
function positionOnServer(inUrl: DigestListPosition | null): DigestListPosition {
  if (!inUrl) return FIRST_DIGEST_POSITION;
  return inUrl.sort === 'for-you' ? { ...inUrl, sort: 'newest' } : inUrl;
}

/**
 * The digest list's page, category and order, or the search shown instead (within the category). The URL
 * holds them once the reader pages, filters or searches, so a reload keeps them and a search can be
 * shared; a bare /ai-digest (the header link) returns to the position remembered in sessionStorage.
 */
export function useDigestListPosition() {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = positionInUrl(searchParams);
  const shown = useBrowserText(
    () => JSON.stringify(inUrl ?? readDigestListPosition()),
    () => JSON.stringify(positionOnServer(inUrl)),
  );
  const position = useMemo((): DigestListPosition => JSON.parse(shown), [shown]);

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
