import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.js';

// Lazily loaded screens and the editor arrive after a dynamic import, which a loaded CI machine can
// take more than the default second to finish: wait for what the reader would see for up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

function Elsewhere() {
  return null;
}

/**
 * Renders routes in a memory router at an entry that may carry navigation state, with a fresh query
 * client, as main.tsx does in the browser. Any other path renders nothing, so a test can follow a
 * navigation away.
 */
export function renderRoutes(routes: RouteObject[], entry: InitialEntry) {
  const router = createMemoryRouter([...routes, { path: '*', Component: Elsewhere }], { initialEntries: [entry] });
  const queryClient = createQueryClient();
  // Keep the app's own defaults (how long data stays fresh) and only stop retrying failed requests.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one page at `url` (its own path by default). */
export function renderRoute(path: string, Component: ComponentType, url: InitialEntry = path) {
  return renderRoutes([{ path, Component }], url);
}
