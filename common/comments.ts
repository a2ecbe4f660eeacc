import { z } from 'zod';
import { COMMENT_ORDERS, COMMENTS_PAGE_MAX, COMMENTS_PAGE_SIZE, MAX_COMMENT_HTML_LENGTH } from './comment-rules.js';
import { keysetCursorParam, pageLimitParam } from './keyset-page.js';

/**
 * A comment as the API answers it: the author's id and name come from the account, never from a body.
 * Once the author deleted their account, `userId` is null and `name` is 'deleted user'.
 */
export const commentSchema = z.object({
  id: z.number().int(),
  paperId: z.number().int(),
  userId: z.number().int().nullable(),
  name: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  createdAt: z.string(),
  /** Only on a comment its author edited: when they last did. */
  editedAt: z
    .string()
    .optional()
    .meta({ description: 'Present only on a comment its author edited: when they last did.' }),
  /** Only on a comment a moderator removed, answered to its author (and to administrators). */
  removal: z
    .object({ removedAt: z.string(), reason: z.string().nullable() })
    .optional()
    .meta({ description: 'Present only on a comment a moderator removed: its author still sees it, and why.' }),
});
export type Comment = z.infer<typeof commentSchema>;

/** GET /api/comments/{paperId}: newest first. */
export const commentListSchema = z.array(commentSchema);

/** GET /api/comments/{paperId}/page: one page of a paper's comments, in either order. */
export const commentPageQuerySchema = z.object({
  order: z
    .enum(COMMENT_ORDERS)
    .default('newest')
    .meta({ description: 'Most recent first (`newest`), or oldest first (`oldest`).' }),
  cursor: keysetCursorParam.optional(),
  limit: pageLimitParam(COMMENTS_PAGE_MAX).default(COMMENTS_PAGE_SIZE),
});

export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many comments the paper has in all. */
  total: z.number().int(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;

/**
 * POST /api/comments. userId and name are accepted for compatibility with older clients and ignored:
 * the server takes both from the session.
 */
export const newCommentBodySchema = z.object({
  paperId: z.number().int().positive().max(2_147_483_647),
  userId: z.unknown().optional(),
  name: z.unknown().optional(),
  text: z.string().max(MAX_COMMENT_HTML_LENGTH),
});
export type NewCommentBody = z.infer<typeof newCommentBodySchema>;

/** PATCH /api/comments/{id}: the comment's new HTML, under the rules of a new comment. */
export const commentEditBodySchema = z.object({ text: z.string().max(MAX_COMMENT_HTML_LENGTH) });
export type CommentEditBody = z.infer<typeof commentEditBodySchema>;

/** POST /api/upload answers where the stored image is served. */
export const uploadAnswerSchema = z.object({ url: z.string() });
