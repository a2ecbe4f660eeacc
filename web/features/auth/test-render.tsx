import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client.js';

/**
 * Renders routes in a memory router at an entry that may carry navigation state, with a fresh query
 * client. Any other path renders nothing, so a test can follow a navigation away.
 */
function Elsewhere() {
  return null;
}

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
