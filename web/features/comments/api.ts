import { queryOptions } from '@tanstack/react-query';
import type { Comment } from '../../../common/comments.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

/** Query keys of the comments feature, owned here so that the list's updates and reads agree. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (paperId: number) => [...commentKeys.all, 'paper', paperId] as const,
  one: (id: number) => [...commentKeys.all, 'comment', id] as const,
};

/** A paper's comments, newest first. */
export function commentListQueryOptions(paperId: number) {
  return queryOptions({
    queryKey: commentKeys.list(paperId),
    queryFn: ({ signal }) => apiGet<Comment[]>(`/comments/${paperId}`, signal),
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

/** Answers the deleted comment. */
export function deleteComment(id: number): Promise<Comment> {
  return apiSend<Comment>('DELETE', `/comments/${id}`);
}

/** Stores an editor image; answers where it is served. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = await apiSend<{ url: string }>('POST', '/upload', form);
  return url;
}
