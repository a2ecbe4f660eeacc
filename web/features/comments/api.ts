import { queryOptions } from '@tanstack/react-query';
import type { CommentOrder } from '../../../common/comment-rules.js';
import type { Comment, CommentPage } from '../../../common/comments.js';
import type { Report } from '../../../common/moderation.js';
import type { ReportReason } from '../../../common/moderation-rules.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

/** Query keys of the comments feature, owned here so that the list's updates and reads agree. */
export const commentKeys = {
  all: ['comments'] as const,
  /** A paper's comments in either order. */
  ofPaper: (paperId: number) => [...commentKeys.all, 'paper', paperId] as const,
  /** A paper's comments in one order: the pages loaded so far, as one page. */
  pages: (paperId: number, order: CommentOrder) => [...commentKeys.ofPaper(paperId), order] as const,
  one: (id: number) => [...commentKeys.all, 'comment', id] as const,
};

/** GET /api/comments/{paperId}/page: a page of a paper's comments in `order`, the first without a cursor. */
export function fetchCommentPage(
  paperId: number,
  page: { order: CommentOrder; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<CommentPage> {
  const query = new URLSearchParams({ order: page.order });
  if (page.cursor !== undefined) query.set('cursor', page.cursor);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  return apiGet<CommentPage>(`/comments/${paperId}/page?${query}`, signal);
}

/** The first page of a paper's comments in `order`; the next ones are appended to it (useCommentPages). */
export function commentPagesQueryOptions(paperId: number, order: CommentOrder) {
  return queryOptions({
    queryKey: commentKeys.pages(paperId, order),
    queryFn: ({ signal }) => fetchCommentPage(paperId, { order }, signal),
  });
}

/** One comment, to find the paper a shared comment link belongs to. */
export function commentQueryOptions(id: number) {
  return queryOptions({
    queryKey: commentKeys.one(id),
    queryFn: ({ signal }) => apiGet<Comment>(`/comments/comment/${id}`, signal),
  });
}

/** The server takes the author from the session; the answer is the stored, sanitised comment. */
export function postComment(paperId: number, text: string): Promise<Comment> {
  return apiSend<Comment>('POST', '/comments', { paperId, text });
}

/** PATCH /comments/{id}: the author's new text; answers the comment as stored, marked edited. */
export function editComment({ id, text }: { id: number; text: string }): Promise<Comment> {
  return apiSend<Comment>('PATCH', `/comments/${id}`, { text });
}

/** Answers the deleted comment. */
export function deleteComment(id: number): Promise<Comment> {
  return apiSend<Comment>('DELETE', `/comments/${id}`);
}

/** POST /comments/{id}/reports: a signed-in reader reports another's comment to the administrators. */
export function reportComment(id: number, body: { reason: ReportReason; text?: string }): Promise<Report> {
  return apiSend<Report>('POST', `/comments/${id}/reports`, body);
}

/** DELETE /admin/comments/{id}: an administrator removes a comment; answers it as its author now sees it. */
export function removeCommentAsModerator({ id, reason }: { id: number; reason: string }): Promise<Comment> {
  return apiSend<Comment>('DELETE', `/admin/comments/${id}`, { reason });
}

/** Stores an editor image; answers where it is served. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = await apiSend<{ url: string }>('POST', '/upload', form);
  return url;
}
