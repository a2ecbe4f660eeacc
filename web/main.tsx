import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from './lib/i18n.js';
import { createQueryClient } from './lib/query-client.js';
import { createAppRouter } from './router.js';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The router starts loading the first page's code while the locale loads.
const router = createAppRouter();
const queryClient = createQueryClient();
await initI18n();

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
