import type { Comment } from '../../../common/comments.js';
import type { AdminCommentList, Report } from '../../../common/moderation.js';
import { MODERATION_ERRORS, type ReportReason } from '../../../common/moderation-rules.js';
import type { PublicUser } from '../../../common/users.js';
import { toIso } from '../../db/connect.js';
import { AppError, notFound, tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import { COMMENT_MESSAGES } from '../comments/service.js';
import type { UploadsService } from '../uploads/service.js';
import type { AdminCommentFilter, ModerationRepo } from './repo.js';

/** Reports are counted per reader: enough to flag a wave of spam, too few to bury the administrators. */
export const REPORT_LIMITS = { perUser: { max: 10, windowMs: 60 * 60 * 1000 } } satisfies Record<string, RateLimit>;

export const MODERATION_MESSAGES = {
  ownComment: 'You cannot report your own comment.',
  alreadyReported: 'You have already reported this comment.',
  dismissed: (count: number) => (count === 1 ? '1 report dismissed' : `${count} reports dismissed`),
} as const;

const commentAudit = (action: 'comment.removed' | 'comment.reports_dismissed', admin: PublicUser, id: number) => ({
  actorId: admin.id,
  action,
  objectType: 'comment' as const,
  objectId: id,
});

/** Readers report comments; administrators list them, reported first, remove them and dismiss reports. */
export function createModerationService(deps: {
  repo: ModerationRepo;
  limiter: Pick<RateLimiter, 'hit'>;
  /** Removes the files of the images a removal took offline; it logs what it cannot remove. */
  uploads: Pick<UploadsService, 'removeFiles'>;
}) {
  const { repo, limiter, uploads } = deps;

  async function requireLive(commentId: number) {
    const comment = await repo.findLive(commentId);
    if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
    return comment;
  }

  return {
    /** One report per reader and comment, of others' comments only, at most REPORT_LIMITS an hour. */
    async report(
      reader: PublicUser,
      commentId: number,
      body: { reason: ReportReason; text?: string | null },
    ): Promise<Report> {
      const comment = await requireLive(commentId);
      if (comment.user_id === reader.id)
        throw new AppError(403, MODERATION_ERRORS.ownComment, MODERATION_MESSAGES.ownComment);
      const refused = await limiter.hit([[`report:user:${reader.id}`, REPORT_LIMITS.perUser]]);
      if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
      const text = body.text ?? null;
      const stored = await repo.insertReport({ commentId, userId: reader.id, reason: body.reason, text });
      if (!stored) throw new AppError(409, MODERATION_ERRORS.alreadyReported, MODERATION_MESSAGES.alreadyReported);
      return { id: stored.id, commentId, reason: body.reason, text, createdAt: toIso(stored.created_at) };
    },

    async list(query: AdminCommentFilter & { page: number; limit: number }): Promise<AdminCommentList> {
      const { page, limit, ...filter } = query;
      const { comments, total } = await repo.page(filter, (page - 1) * limit, limit);
      return { comments, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
    },

    /**
     * Removes a live comment for everyone but its author, who sees it marked removed with the reason;
     * its images no live comment shows answer 410 from then on. Answers the comment as its author sees it.
     */
    async remove(admin: PublicUser, commentId: number, reason: string | null): Promise<Comment> {
      const removed = await repo.removeComment(commentId, reason, commentAudit('comment.removed', admin, commentId));
      if (!removed) throw notFound(COMMENT_MESSAGES.notFound);
      await uploads.removeFiles(removed.fileNames);
      return removed.comment;
    },

    async dismissReports(admin: PublicUser, commentId: number): Promise<{ dismissed: number; message: string }> {
      await requireLive(commentId);
      const dismissed = await repo.dismissReports(
        commentId,
        commentAudit('comment.reports_dismissed', admin, commentId),
      );
      return { dismissed, message: MODERATION_MESSAGES.dismissed(dismissed) };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
