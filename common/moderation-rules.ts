/** Moderation rules shared by server and client, free of zod so the web bundle stays small. */

/** Why a reader reports a comment: spam, abuse, off-topic, a leaked secret or personal data, or another reason. */
export const REPORT_REASONS = ['spam', 'abuse', 'off_topic', 'leaked_data', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest text a report, or a moderator's reason for a removal or a suspension, may carry. */
export const MAX_REPORT_TEXT_LENGTH = 1000;
export const MAX_MODERATION_REASON_LENGTH = 500;

/** Comments per page of the administrators' list, and the most one page may hold. */
export const ADMIN_COMMENTS_PAGE_SIZE = 20;
export const ADMIN_COMMENTS_PAGE_MAX = 100;

/** The name a comment shows once its author deleted their account. */
export const DELETED_USER_NAME = 'deleted user';

/** Stable error codes of moderation, which the web client maps to texts. */
export const MODERATION_ERRORS = {
  /** The reader reported this comment already: one report per reader and comment. */
  alreadyReported: 'already_reported',
  /** Readers report others' comments, not their own. */
  ownComment: 'own_comment',
} as const;
