import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { HydrationState, Params } from 'react-router';
import { SSR_STATE_ELEMENT_ID, type SsrState } from '../../common/ssr.js';
import type { Locale } from './i18n.js';

/** What route loaders receive as `context` when the server renders a page. */
export interface ServerLoadContext {
  locale: Locale;
}

export interface PrefetchContext {
  queryClient: QueryClient;
  url: URL;
  params: Params;
  locale: Locale;
}

/**
 * A public page's data, fetched by the server before it renders the page, so the HTML holds the
 * content itself. A route names it in its handle; the browser never calls it.
 */
export type Prefetch = (context: PrefetchContext) => Promise<unknown>;

export interface RouteHandle {
  prefetch?: Prefetch;
}

export type PageState = SsrState<HydrationState, DehydratedState>;

const subscribeToNothing = () => () => {};

/**
 * False while the page takes over what the server rendered, which could not see the browser's
 * storage; true right after, and on every render the browser does by itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * A value the server cannot see (the tab's storage), as text: the server's own during the takeover,
 * the browser's after. Unlike a branch on useHydrated, the page renders again only when they differ.
 */
export function useBrowserText(inBrowser: () => string, onServer: () => string): string {
  return useSyncExternalStore(subscribeToNothing, inBrowser, onServer);
}

/** The state the server rendered this page with, or null when it sent the bare app shell. */
export function readPageState(doc: Document = document): PageState | null {
  const json = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!json) return null;
  try {
    return JSON.parse(json) as PageState;
  } catch (error) {
    console.error('Invalid server-rendered state', error);
    return null;
  }
}
