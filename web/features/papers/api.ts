import { queryOptions } from '@tanstack/react-query';
import type { PaperDetail, PaperList } from '../../../common/papers.js';
import { API_BASE, apiGet, encodePathId } from '../../lib/api-client.js';

export interface PaperListParams {
  page: number;
  limit: number;
  category: string | null;
}

/** Query keys of the papers feature, owned here so that invalidation and prefetching agree. */
export const paperKeys = {
  all: ['papers'] as const,
  lists: () => [...paperKeys.all, 'list'] as const,
  list: (params: PaperListParams) => [...paperKeys.lists(), params] as const,
  detail: (arxivId: string) => [...paperKeys.all, 'detail', arxivId] as const,
  categories: () => ['categories'] as const,
};

export function paperListQueryOptions(params: PaperListParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.category) search.set('category', params.category);
  return queryOptions({
    queryKey: paperKeys.list(params),
    queryFn: ({ signal }) => apiGet<PaperList>(`/papers?${search}`, signal),
  });
}

export function paperDetailQueryOptions(arxivId: string) {
  return queryOptions({
    queryKey: paperKeys.detail(arxivId),
    queryFn: ({ signal }) => apiGet<PaperDetail>(`/papers/${encodePathId(arxivId)}`, signal),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: paperKeys.categories(),
    queryFn: ({ signal }) => apiGet<string[]>('/categories', signal),
    staleTime: 10 * 60_000,
  });
}

export function coverImageUrl(arxivId: string): string {
  return `${API_BASE}/image/${encodePathId(arxivId)}/data`;
}
