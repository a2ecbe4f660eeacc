import type { Comment } from '../../../common/comments.js';

export type CommentOrder = 'newest' | 'oldest';
export const COMMENT_ORDERS: readonly CommentOrder[] = ['newest', 'oldest'];

export function isCommentOrder(value: string): value is CommentOrder {
  return (COMMENT_ORDERS as readonly string[]).includes(value);
}

function byAge(a: Comment, b: Comment): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;
}

/** Most recent first, or oldest first; comments written in the same instant keep their writing order. */
export function sortComments(comments: readonly Comment[], order: CommentOrder): Comment[] {
  const oldestFirst = [...comments].sort(byAge);
  return order === 'oldest' ? oldestFirst : oldestFirst.reverse();
}
