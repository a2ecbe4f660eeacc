import type { Comment } from '../../../common/comments.js';
import { COMMENT_HTML_POLICY } from '../../../common/html-policy.js';
import { hasContent, sanitizeWithPolicy } from '../../../common/sanitize-with-policy.js';
import type { PublicUser } from '../../../common/users.js';
import { toIso } from '../../db/connect.js';
import { AppError, badRequest, notFound, tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import type { CommentsRepo } from './repo.js';

/**
 * Writing is counted per account: every writer is signed in, and sign-ups are already limited per
 * client, so one client cannot spread its comments over many accounts for long.
 */
export const COMMENT_LIMITS = { writesPerUser: { max: 10, windowMs: 60 * 1000 } } satisfies Record<string, RateLimit>;

export const COMMENT_MESSAGES = {
  empty: 'A comment needs some text or an image.',
  paperNotFound: 'Paper not found',
  notFound: 'Comment not found',
  notAuthor: 'Only its author may delete a comment.',
} as const;

export function createCommentsService(deps: {
  commentsRepo: CommentsRepo;
  limiter: Pick<RateLimiter, 'hit'>;
  /** This site's origin: images uploaded here may be given as URLs on it. */
  publicUrl: string;
}) {
  const { commentsRepo, limiter } = deps;
  const siteOrigin = new URL(deps.publicUrl).origin;

  async function requirePaper(paperId: number) {
    if (!(await commentsRepo.paperExists(paperId))) throw notFound(COMMENT_MESSAGES.paperNotFound);
  }

  async function find(commentId: number): Promise<Comment> {
    const comment = await commentsRepo.findById(commentId);
    if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
    return comment;
  }

  return {
    async listOfPaper(paperId: number): Promise<Comment[]> {
      await requirePaper(paperId);
      return commentsRepo.listOfPaper(paperId);
    },

    /** The author is the session's user; the HTML is stored as the comment policy leaves it. */
    async create(author: PublicUser, body: { paperId: number; text: string }): Promise<Comment> {
      const refused = await limiter.hit([[`comment:user:${author.id}`, COMMENT_LIMITS.writesPerUser]]);
      if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
      const text = sanitizeWithPolicy(body.text, COMMENT_HTML_POLICY, siteOrigin);
      if (!hasContent(text)) throw badRequest(COMMENT_MESSAGES.empty, { text: ['is empty'] });
      await requirePaper(body.paperId);
      const row = await commentsRepo.insert({ paperId: body.paperId, userId: author.id, text });
      return {
        id: row.id,
        paperId: row.paper_id,
        userId: row.user_id,
        name: author.name,
        text: row.text,
        createdAt: toIso(row.created_at),
      };
    },

    /** One comment, so that a shared link can find the paper it belongs to. */
    find,

    /** Deletes a comment of the user's own, and answers it as it was. */
    async remove(user: PublicUser, commentId: number): Promise<Comment> {
      const comment = await find(commentId);
      if (comment.userId !== user.id) throw new AppError(403, 'forbidden', COMMENT_MESSAGES.notAuthor);
      await commentsRepo.delete(commentId);
      return comment;
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
