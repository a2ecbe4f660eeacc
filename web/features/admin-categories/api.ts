import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminCategory,
  CategoryUpdateBody,
  categoryCreateAnswerSchema,
  categoryDeleteAnswerSchema,
} from '../../../common/admin-papers.js';
import type { CategoryRef } from '../../../common/papers.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

export type CategoryCreateAnswer = z.infer<typeof categoryCreateAnswerSchema>;
export type CategoryDeleteAnswer = z.infer<typeof categoryDeleteAnswerSchema>;

/** Query keys of category administration, owned here. */
export const categoryAdminKeys = { list: ['admin-categories', 'list'] as const };

/** GET /admin/categories (Arabic names, paper counts), asked again whenever the screen shows (other admins change them too). */
export function categoryListQueryOptions() {
  return queryOptions({
    queryKey: categoryAdminKeys.list,
    queryFn: ({ signal }) => apiGet<AdminCategory[]>('/admin/categories', signal),
    staleTime: 0,
  });
}

/** POST /categories: an existing name answers created false. */
export function createCategory(name: string): Promise<CategoryCreateAnswer> {
  return apiSend<CategoryCreateAnswer>('POST', '/categories', { name });
}

/** PUT /categories/{name}: a new name (409 category_exists when another category has it), or the Arabic name (null removes it). */
export function updateCategory(name: string, change: CategoryUpdateBody): Promise<CategoryRef> {
  return apiSend<CategoryRef>('PUT', `/categories/${encodeURIComponent(name)}`, change);
}

/** DELETE /categories/{name}: the name is one path segment, a slash in it encoded. */
export function deleteCategory(name: string): Promise<CategoryDeleteAnswer> {
  return apiSend<CategoryDeleteAnswer>('DELETE', `/categories/${encodeURIComponent(name)}`);
}
