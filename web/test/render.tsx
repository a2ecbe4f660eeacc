import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.js';

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
  queryClient.setDefaultOptions({ queries: { retry: false } });
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
