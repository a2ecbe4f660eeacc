import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that the browser takes over on its own: React hydrates each
 * Suspense boundary in a pass of its own (render, commit, effects) after the rest of the page, so a
 * long page is taken over in short tasks a phone can answer input between, and a part the reader
 * touches first is taken over first. Nothing in it suspends (a lazy part inside has its own boundary).
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
