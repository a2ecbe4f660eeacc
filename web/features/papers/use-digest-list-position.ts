import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../../lib/ssr.js';
import {
  type DigestListPosition,
  FIRST_DIGEST_POSITION,
  positionInUrl,
  readDigestListPosition,
  rememberDigestListPosition,
} from './navigation-state.js';

/** The address of a position: a search by its query (and its page past the first), the list by page and category. */
function toSearchParams({ page, category, query }: DigestListPosition): URLSearchParams {
  if (query) return new URLSearchParams(page > 1 ? { q: query, page: String(page) } : { q: query });
  const params = new URLSearchParams({ page: String(page) });
  if (category) params.set('category', category);
  return params;
}

/**
 * The digest list's page and category, or the search shown instead. The URL holds them once the
 * reader pages, filters or searches, so a reload keeps them and a search can be shared; a bare
 * /ai-digest (the back button, the header link) returns to the position remembered in sessionStorage.
 */
export function useDigestListPosition() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The server renders the first page; a page it rendered moves to the remembered one once taken over.
  const hydrated = useHydrated();
  const inUrl = positionInUrl(searchParams);
  const position = inUrl ?? (hydrated ? readDigestListPosition() : FIRST_DIGEST_POSITION);

  const changePosition = useCallback(
    (next: DigestListPosition, options: { replace?: boolean } = {}) => {
      rememberDigestListPosition(next);
      setSearchParams(toSearchParams(next), { replace: options.replace });
      window.scrollTo({ top: 0 });
    },
    [setSearchParams],
  );

  // A remembered search comes back into the address, where the reader can share or reload it.
  const rememberedQuery = inUrl ? null : position.query;
  const rememberedPage = position.page;
  useEffect(() => {
    if (rememberedQuery) {
      setSearchParams(toSearchParams({ page: rememberedPage, category: null, query: rememberedQuery }), {
        replace: true,
      });
    }
  }, [rememberedQuery, rememberedPage, setSearchParams]);

  return { position, changePosition };
}
