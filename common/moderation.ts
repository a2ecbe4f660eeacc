import { z } from 'zod';
import { commentSchema } from './comments.js';
import { pageLimitParam } from './keyset-page.js';
import {
  ADMIN_COMMENTS_PAGE_MAX,
  ADMIN_COMMENTS_PAGE_SIZE,
  MAX_MODERATION_REASON_LENGTH,
  MAX_REPORT_TEXT_LENGTH,
  REPORT_REASONS,
} from './moderation-rules.js';
import { positiveIntParam } from './pagination.js';
import { userPaginationSchema } from './users.js';

/** A moderator's reason: trimmed, empty meaning none. */
export const moderationReasonSchema = z
  .string()
  .trim()
  .max(MAX_MODERATION_REASON_LENGTH)
  .transform((reason) => reason || null);

/** POST /api/comments/{id}/reports. */
export const reportBodySchema = z.object({
  reason: z.enum(REPORT_REASONS).meta({
    description: 'spam, abuse, off_topic, leaked_data (a secret or personal data) or other.',
  }),
  text: z
    .string()
    .trim()
    .max(MAX_REPORT_TEXT_LENGTH)
    .transform((text) => text || null)
    .optional(),
});
export type ReportBody = z.input<typeof reportBodySchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  commentId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** DELETE /api/admin/comments/{id}: the reason the author is shown, optional. */
export const removeCommentBodySchema = z.object({ reason: moderationReasonSchema.optional() });

/** GET /api/admin/comments. */
export const adminCommentListQuerySchema = z.object({
  reported: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: '`true`: only comments with open reports.' }),
  paperId: positiveIntParam.optional().meta({ description: "Only this paper's comments (its numeric id)." }),
  authorId: positiveIntParam.optional().meta({ description: "Only this account's comments." }),
  page: positiveIntParam.default(1),
  limit: pageLimitParam(ADMIN_COMMENTS_PAGE_MAX).default(ADMIN_COMMENTS_PAGE_SIZE),
});

/** A report as administrators see it: with the reader who made it. */
export const adminReportSchema = reportSchema.extend({
  reporter: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});

/** A comment as administrators see it: its paper, its author's address and its open reports. */
export const adminCommentSchema = commentSchema.extend({
  paperArxivId: z.string(),
  paperTitle: z.string(),
  authorEmail: z.string().nullable(),
  reports: z.array(adminReportSchema),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

/** Comments with open reports first (the most recently reported first), then the newest. */
export const adminCommentListSchema = z.object({
  comments: z.array(adminCommentSchema),
  pagination: userPaginationSchema,
});
export type AdminCommentList = z.infer<typeof adminCommentListSchema>;

export const dismissReportsAnswerSchema = z.object({ dismissed: z.number().int(), message: z.string() });
