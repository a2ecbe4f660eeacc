import { queryOptions } from '@tanstack/react-query';
import type { PaperCard } from '../../../common/papers.js';
import type { PaperMatches } from '../../../common/search.js';
import { DIGEST_SEARCH_TOP_K, SEARCH_OFFSET_MAX } from '../../../common/search-rules.js';
import { apiSend } from '../../lib/api-client.js';
import { paperKeys } from './api.js';

// Apart from api.ts: only the search's results use these, and they load once the reader searches.

/** A search's results loaded so far, most relevant first, and where the next ones start (null: no more). */
export interface SearchResultsSoFar {
  papers: PaperCard[];
  nextCursor: string | null;
}

/**
 * The digest's semantic search, within a category when one is chosen: the nine matches after the
 * `offset` best. The first call is the plain { query, top_k }. A short answer is the last; a full
 * one may have more after it, as deep as the API goes.
 */
export async function fetchSearchResults(
  query: string,
  category: string | null,
  offset: number,
): Promise<SearchResultsSoFar> {
  const { papers } = await apiSend<PaperMatches>('POST', '/papers/semantic', {
    query,
    top_k: DIGEST_SEARCH_TOP_K,
    ...(category ? { category } : {}),
    ...(offset > 0 ? { offset } : {}),
  });
  const next = offset + DIGEST_SEARCH_TOP_K;
  return {
    papers,
    nextCursor: papers.length === DIGEST_SEARCH_TOP_K && next <= SEARCH_OFFSET_MAX ? String(next) : null,
  };
}

/**
 * A search's first results, to which More results appends the next ones. They stay as they are for
 * the visit: asking again would answer the first nine alone and drop those appended.
 */
export function paperSearchQueryOptions(query: string, category: string | null) {
  return queryOptions({
    queryKey: paperKeys.search(query, category),
    queryFn: () => fetchSearchResults(query, category, 0),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
