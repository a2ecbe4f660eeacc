import { useCallback, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DigestListPosition,
  FIRST_DIGEST_POSITION,
  positionInUrl,
  readDigestListPosition,
  rememberDigestListPosition,
} from './navigation-state.js';

const positionKey = ({ page, category }: DigestListPosition) => JSON.stringify([page, category]);
const FIRST_POSITION_KEY = positionKey(FIRST_DIGEST_POSITION);
// sessionStorage changes only through this page's own calls, which also change the URL and re-render.
const subscribeToNothing = () => () => {};

/**
 * The remembered position. The server cannot see sessionStorage and renders the first page, so a
 * server-rendered page hydrates with it and moves to the remembered one right after.
 */
function useRememberedPosition(): DigestListPosition {
  const key = useSyncExternalStore(
    subscribeToNothing,
    () => positionKey(readDigestListPosition()),
    () => FIRST_POSITION_KEY,
  );
  const [page, category] = JSON.parse(key) as [number, string | null];
  return { page, category };
}

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
  const remembered = useRememberedPosition();
  const position = positionInUrl(searchParams) ?? remembered;

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
