import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { CategoryRef, PaperCard, PaperDetail, PaperList } from '../../../common/papers.js';
import type { PaperMatches } from '../../../common/search.js';
import { DIGEST_SEARCH_TOP_K } from '../../../common/search-rules.js';
import { API_BASE, apiGet, apiSend, encodePathId } from '../../lib/api-client.js';

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
  cardById: (id: number) => [...paperKeys.all, 'card', id] as const,
  cardsById: (ids: number[]) => [...paperKeys.all, 'cards', ids] as const,
  categories: () => ['categories'] as const,
  search: (query: string) => [...paperKeys.all, 'search', query] as const,
  related: (arxivId: string) => [...paperKeys.all, 'related', arxivId] as const,
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

/** The digest's semantic search: its results, most relevant first, paged on the client. */
export function paperSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: paperKeys.search(query),
    queryFn: () => apiSend<PaperMatches>('POST', '/papers/semantic', { query, top_k: DIGEST_SEARCH_TOP_K }),
  });
}

/** The papers nearest to a paper by meaning, itself left out. */
export function relatedPapersQueryOptions(arxivId: string) {
  return queryOptions({
    queryKey: paperKeys.related(arxivId),
    queryFn: ({ signal }) => apiGet<PaperMatches>(`/papers/${encodePathId(arxivId)}/related`, signal),
  });
}

/**
 * A paper's card by its numeric id: the paper, then its categories from their own call. A paper
 * whose categories cannot be fetched is shown without them rather than not at all.
 */
export function paperCardByIdQueryOptions(id: number) {
  return queryOptions({
    queryKey: paperKeys.cardById(id),
    queryFn: async ({ signal }): Promise<PaperCard> => {
      const paper = await apiGet<PaperDetail>(`/papers/${id}`, signal);
      const categories = await apiGet<CategoryRef[]>(`/papers/${encodePathId(paper.arxivId)}/categories`, signal).catch(
        (error: unknown) => {
          if (signal.aborted) throw error;
          return [];
        },
      );
      return { ...paper, categories };
    },
  });
}

/**
 * Several paper cards by numeric id, in order, each fetched and cached as paperCardByIdQueryOptions
 * and settled on its own, so that one paper that fails leaves the others shown.
 */
export function paperCardsByIdQueryOptions(queryClient: QueryClient, ids: number[]) {
  return queryOptions({
    queryKey: paperKeys.cardsById(ids),
    queryFn: () => Promise.allSettled(ids.map((id) => queryClient.fetchQuery(paperCardByIdQueryOptions(id)))),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: paperKeys.categories(),
    queryFn: ({ signal }) => apiGet<CategoryRef[]>('/categories/names', signal),
    staleTime: 10 * 60_000,
  });
}

export function coverImageUrl(arxivId: string): string {
  return `${API_BASE}/image/${encodePathId(arxivId)}/data`;
}
