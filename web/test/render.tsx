import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.js';

/**
 * Renders a page inside a memory router and a fresh query client, as main.tsx does in the browser.
 * Other paths render nothing, so a test can follow a navigation away from the page.
 */
export function renderRoute(path: string, Component: ComponentType, url = path) {
  const router = createMemoryRouter(
    [
      { path, Component },
      { path: '*', Component: () => null },
    ],
    { initialEntries: [url] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
