import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../../lib/ssr.js';
import {
  type DigestListPosition,
  FIRST_DIGEST_POSITION,
  positionInUrl,
  readDigestListPosition,
  rememberDigestListPosition,
} from './navigation-state.js';

function toSearchParams({ page, category }: DigestListPosition): URLSearchParams {
  const params = new URLSearchParams({ page: String(page) });
  if (category) params.set('category', category);
  return params;
}

/**
 * The digest list's page and category. The URL holds them once the reader pages or filters, so a
 * reload keeps them; a bare /ai-digest (the back button, the header link) returns to the position
 * remembered in sessionStorage.
 */
export function useDigestListPosition() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The server renders the first page; a page it rendered moves to the remembered one once taken over.
  const hydrated = useHydrated();
  const position = positionInUrl(searchParams) ?? (hydrated ? readDigestListPosition() : FIRST_DIGEST_POSITION);

  const changePosition = useCallback(
    (next: DigestListPosition, options: { replace?: boolean } = {}) => {
      rememberDigestListPosition(next);
      setSearchParams(toSearchParams(next), { replace: options.replace });
      window.scrollTo({ top: 0 });
    },
    [setSearchParams],
  );

  return { position, changePosition };
}
