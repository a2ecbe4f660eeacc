import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../common/account-rules.js';
import { coverInputOf, coverVersion } from '../../../common/cover.js';
import type { CategoryRef, PaperCard, PaperDetail, PaperList } from '../../../common/papers.js';
import type { PaperSort } from '../../../common/popularity.js';
import type { PaperMatches } from '../../../common/search.js';
import { API_BASE, apiGet, encodePathId } from '../../lib/api-client.js';

export interface PaperListParams {
  page: number;
  limit: number;
  category: string | null;
  sort: PaperSort;
}

/** Query keys of the papers feature, owned here so that invalidation and prefetching agree. */
export const paperKeys = {
  all: ['papers'] as const,
  lists: () => [...paperKeys.all, 'list'] as const,
  list: (params: PaperListParams) => [...paperKeys.lists(), params] as const,
  detail: (arxivId: string) => [...paperKeys.all, 'detail', arxivId] as const,
  categories: () => ['categories'] as const,
  search: (query: string, category: string | null) => [...paperKeys.all, 'search', query, category] as const,
  related: (arxivId: string) => [...paperKeys.all, 'related', arxivId] as const,
};

export function paperListQueryOptions(params: PaperListParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.category) search.set('category', params.category);
  if (params.sort === 'popular') search.set('sort', params.sort);
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

/** The papers nearest to a paper by meaning, itself left out. */
export function relatedPapersQueryOptions(arxivId: string) {
  return queryOptions({
    queryKey: paperKeys.related(arxivId),
    queryFn: ({ signal }) => apiGet<PaperMatches>(`/papers/${encodePathId(arxivId)}/related`, signal),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: paperKeys.categories(),
    queryFn: ({ signal }) => apiGet<CategoryRef[]>('/categories/names', signal),
    staleTime: 10 * 60_000,
  });
}

/**
 * The cover at the URL of its version, which browsers keep for good: an edited paper's cover gets a
 * new one. It names the page's language only when the cover differs in it (an Arabic category name),
 * so that the other covers are one image, cached once, for every language.
 */
export function coverImageUrl(paper: Pick<PaperCard, 'arxivId' | 'title' | 'categories'>, locale: Locale): string {
  const input = coverInputOf(paper, locale);
  const language = input.category === coverInputOf(paper).category ? '' : `&lang=${locale}`;
  return `${API_BASE}/image/${encodePathId(paper.arxivId)}/data?v=${coverVersion(input)}${language}`;
}
