import { COMMENT_ORDERS, type CommentOrder } from '../../../common/comment-rules.js';

export function isCommentOrder(value: string): value is CommentOrder {
  return (COMMENT_ORDERS as readonly string[]).includes(value);
}
