import { queryOptions } from '@tanstack/react-query';
import type { Health } from '../../../common/health.js';
import { apiGet } from '../../lib/api-client.js';

/** How often the state is read again while vectors are still being made. */
export const EMBEDDING_POLL_MS = 5_000;

export const searchKeys = {
  health: () => ['health'] as const,
};

/** GET /health: read again every few seconds until every paper has its vector. */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: searchKeys.health(),
    queryFn: ({ signal }) => apiGet<Health>('/health', signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const embedded = query.state.data?.search.embedded;
      return embedded && embedded.done < embedded.total ? EMBEDDING_POLL_MS : false;
    },
  });
}
