import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminCommentList } from '../../../common/moderation.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

export interface AdminCommentFilter {
  reported: boolean;
  /** A paper, by the numeric id and the title shown in its filter. */
  paper?: { id: number; title: string };
  /** An author, by account id and the name shown in its filter. */
  author?: { id: number; name: string };
}

export interface AdminCommentParams extends AdminCommentFilter {
  page: number;
  limit: number;
}

/** Query keys of comment moderation, owned here so that updates and invalidation agree. */
export const adminCommentKeys = {
  all: ['admin-comments'] as const,
  lists: () => [...adminCommentKeys.all, 'list'] as const,
  list: (params: AdminCommentParams) => [...adminCommentKeys.lists(), params] as const,
};

export function adminCommentsQueryOptions(params: AdminCommentParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.reported) search.set('reported', 'true');
  if (params.paper) search.set('paperId', String(params.paper.id));
  if (params.author) search.set('authorId', String(params.author.id));
  return queryOptions({
    queryKey: adminCommentKeys.list(params),
    queryFn: ({ signal }) => apiGet<AdminCommentList>(`/admin/comments?${search}`, signal),
    // Readers write and report under an admin's eyes: always ask again.
    staleTime: 0,
    // A new filter or page keeps the comments shown until its own arrive, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/comments/{id}/dismiss-reports: closes the comment's open reports, leaving it as it is. */
export function dismissReports(id: number): Promise<{ dismissed: number; message: string }> {
  return apiSend('POST', `/admin/comments/${id}/dismiss-reports`);
}
