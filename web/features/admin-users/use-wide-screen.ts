import { useSyncExternalStore } from 'react';

/** Tailwind's md breakpoint: from here the users fit in a table; below it they are stacked cards. */
const WIDE = '(min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

// Without matchMedia (jsdom), the table.
const isWide = () => window.matchMedia?.(WIDE).matches ?? true;

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
