import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Recommendations } from '../../../common/recommendations.js';
import { apiGet } from '../../lib/api-client.js';
import { paperKeys } from './api.js';

// Apart from api.ts, with its keys: only the For you view uses them, and it loads once For you is chosen.

/** Under the papers' keys, by reader, so that one reader's recommendations never show to another. */
export const recommendationKeys = {
  all: [...paperKeys.all, 'recommendations'] as const,
  of: (readerId: number | null) => [...recommendationKeys.all, readerId] as const,
};

/**
 * GET /api/recommendations: papers like the signed-in reader's saved ones, best first, as many as the
 * API gives by default; a visitor (null) has none to ask for. Asked again each time the view opens,
 * since a paper saved from the list in between changes them.
 */
export function recommendationsQueryOptions(readerId: number | null) {
  return queryOptions({
    queryKey: recommendationKeys.of(readerId),
    queryFn: readerId === null ? skipToken : ({ signal }) => apiGet<Recommendations>('/recommendations', signal),
    staleTime: 0,
  });
}
