import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.js';

const MAX_RETRIES = 2;

/** Retries only what may pass on a second try: network failures and server errors, not 4xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
