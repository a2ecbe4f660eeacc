import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { localeOfPath } from '../common/locale-path.js';
import { SSR_STATE_ELEMENT_ID } from '../common/ssr.js';
import { APP_LIVE_EVENT } from './lib/app-start.js';
import { changeLocale, i18n, initI18n } from './lib/i18n.js';
import { createQueryClient } from './lib/query-client.js';
import { readPageState } from './lib/ssr.js';
import { routes } from './router.js';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/**
 * Hydration needs the page's code before the first render (a lazy route would render its fallback
 * and not the server's HTML), so the matched routes load here, in parallel with the texts.
 */
async function loadMatchedRoutes(): Promise<boolean> {
  const matches = matchRoutes(routes, window.location) ?? [];
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }),
    );
    return true;
  } catch (error) {
    // The router tries again and shows its error page if the code still does not load.
    console.error('Failed to load the page', error);
    return false;
  }
}

const pageState = readPageState();
const queryClient = createQueryClient();

/**
 * The app; once its first render is committed, the server's state block has served and goes, and the
 * page's first script replays what a reader did before (web/lib/app-start.ts).
 */
function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  useEffect(() => {
    document.getElementById(SSR_STATE_ELEMENT_ID)?.remove();
    window.dispatchEvent(new Event(APP_LIVE_EVENT));
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

/**
 * Started from a function and not with top-level await: a module graph with top-level await turns off
 * the bundler's chunk merging, and every page then loads about ten more small files (2.7 KB gzipped more).
 */
async function start(root: HTMLElement): Promise<void> {
  // Also without server HTML: the page's code loads while the texts do.
  const routesLoaded = loadMatchedRoutes();
  await initI18n();
  // A page whose path names its language (/ar/blogs) switches to it, as its loader would.
  const pathLocale = localeOfPath(window.location.pathname);
  if (pageState && pathLocale === pageState.locale && i18n.language !== pathLocale) await changeLocale(pathLocale);
  // The server rendered the page in the reader's language: take it over. Otherwise (the bare app
  // shell, or another language than the stored one) the browser renders the page itself.
  if (pageState) hydrate(queryClient, pageState.queries);
  if ((await routesLoaded) && pageState && pageState.locale === i18n.language) {
    // As a transition, hydration yields to the browser between parts: no long task, input answered sooner.
    startTransition(() => {
      hydrateRoot(root, app(createBrowserRouter(routes, { hydrationData: pageState.router })));
    });
  } else {
    createRoot(root).render(app(createBrowserRouter(routes)));
  }
}

void start(rootElement);
