import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { categoryCreateAnswerSchema, categoryDeleteAnswerSchema } from '../../../common/admin-papers.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

export type CategoryCreateAnswer = z.infer<typeof categoryCreateAnswerSchema>;
export type CategoryDeleteAnswer = z.infer<typeof categoryDeleteAnswerSchema>;

/** Query keys of category administration, owned here. */
export const categoryAdminKeys = { names: ['admin-categories', 'names'] as const };

/** GET /categories, asked again whenever the screen shows (other admins change them too). */
export function categoryNamesQueryOptions() {
  return queryOptions({
    queryKey: categoryAdminKeys.names,
    queryFn: ({ signal }) => apiGet<string[]>('/categories', signal),
    staleTime: 0,
  });
}

/** POST /categories: an existing name answers created false. */
export function createCategory(name: string): Promise<CategoryCreateAnswer> {
  return apiSend<CategoryCreateAnswer>('POST', '/categories', { name });
}

/** DELETE /categories/{name}: the name is one path segment, a slash in it encoded. */
export function deleteCategory(name: string): Promise<CategoryDeleteAnswer> {
  return apiSend<CategoryDeleteAnswer>('DELETE', `/categories/${encodeURIComponent(name)}`);
}
