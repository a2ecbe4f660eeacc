import type { FastifyBaseLogger } from 'fastify';
import { type CommentOrder, FOREIGN_IMAGE_ERROR, UPLOADS_PATH_PREFIX } from '../../../common/comment-rules.js';
import type { Comment, CommentPage } from '../../../common/comments.js';
import { COMMENT_HTML_POLICY, UPLOADED_IMAGE_NAME } from '../../../common/html-policy.js';
import type { KeysetPosition } from '../../../common/keyset-page.js';
import { hasContent, sanitizeWithPolicy } from '../../../common/sanitize-with-policy.js';
import type { PublicUser } from '../../../common/users.js';
import { toIso } from '../../db/connect.js';
import { keysetPage } from '../../db/keyset.js';
import { AppError, badRequest, notFound, tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import type { UploadsService } from '../uploads/service.js';
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
  foreignImage:
    'A comment can show only images you uploaded. Remove the image another account uploaded, or upload it yourself.',
  notAuthorEdit: 'Only its author may edit a comment.',
  removedEdit: 'A comment a moderator removed cannot be edited.',
} as const;

/** The error of an edit refused because a moderator removed the comment (409). */
export const COMMENT_REMOVED_ERROR = 'comment_removed';

/** An image of stored comment HTML showing an uploaded image: the comment policy writes its source as a path. */
const UPLOADED_IMAGE_SRC = new RegExp(`<img\\b[^>]*?\\ssrc="${UPLOADS_PATH_PREFIX}([^"]+)"`, 'g');

/** The file names of the uploaded images sanitised comment HTML shows, each once. */
function uploadedImagesOf(html: string): string[] {
  const names = Array.from(html.matchAll(UPLOADED_IMAGE_SRC), (match) => match[1] ?? '');
  return [...new Set(names.filter((name) => UPLOADED_IMAGE_NAME.test(name)))];
}

export function createCommentsService(deps: {
  commentsRepo: CommentsRepo;
  limiter: Pick<RateLimiter, 'hit'>;
  /** The images a deleted comment showed are removed with it (see discardUnused). */
  uploads: Pick<UploadsService, 'discardUnused'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** This site's origin: images uploaded here may be given as URLs on it. */
  publicUrl: string;
}) {
  const { commentsRepo, limiter, uploads, log } = deps;
  const siteOrigin = new URL(deps.publicUrl).origin;

  async function requirePaper(paperId: number) {
    if (!(await commentsRepo.paperExists(paperId))) throw notFound(COMMENT_MESSAGES.paperNotFound);
  }

  /** Writing and editing share one count per account. */
  async function countWrite(author: PublicUser): Promise<void> {
    const refused = await limiter.hit([[`comment:user:${author.id}`, COMMENT_LIMITS.writesPerUser]]);
    if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
  }

  /** The HTML as the comment policy leaves it; 400 when nothing is left to show. */
  function sanitizedText(html: string): string {
    const text = sanitizeWithPolicy(html, COMMENT_HTML_POLICY, siteOrigin);
    if (!hasContent(text)) throw badRequest(COMMENT_MESSAGES.empty, { text: ['is empty'] });
    return text;
  }

  /**
   * The uploaded images a comment's HTML shows, all of them its author's: one showing another
   * account's image is refused, so that no comment keeps that account's images online and counted
   * against its quota after their owner deleted the comments that showed them.
   */
  async function ownImagesOf(author: PublicUser, text: string): Promise<string[]> {
    const imageNames = uploadedImagesOf(text);
    if ((await commentsRepo.imagesNotUploadedBy(author.id, imageNames)).length > 0) {
      throw new AppError(403, FOREIGN_IMAGE_ERROR, COMMENT_MESSAGES.foreignImage);
    }
    return imageNames;
  }

  /** A comment `viewer` may see: a removed one only by its author. */
  async function find(commentId: number, viewer: PublicUser | null): Promise<Comment> {
    const comment = await commentsRepo.findById(commentId);
    if (!comment || (comment.removal && comment.userId !== viewer?.id)) throw notFound(COMMENT_MESSAGES.notFound);
    return comment;
  }

  return {
    /** The comments `viewer` sees: a moderator's removal hides a comment from all but its author. */
    async listOfPaper(paperId: number, viewer: PublicUser | null): Promise<Comment[]> {
      await requirePaper(paperId);
      return commentsRepo.listOfPaper(paperId, viewer?.id ?? null);
    },

    /**
     * A page of the comments `viewer` sees in `order`, after `cursor` when given, with the paper's
     * comment count (which no removed comment is part of).
     */
    async pageOfPaper(
      paperId: number,
      query: { order: CommentOrder; cursor?: KeysetPosition | undefined; limit: number },
      viewer: PublicUser | null,
    ): Promise<CommentPage> {
      await requirePaper(paperId);
      const [rows, total] = await Promise.all([
        commentsRepo.pageOfPaper(paperId, {
          order: query.order,
          after: query.cursor,
          limit: query.limit + 1,
          viewerId: viewer?.id ?? null,
        }),
        commentsRepo.countOfPaper(paperId),
      ]);
      const page = keysetPage(rows, query.limit, (comment) => comment);
      return { comments: page.rows, nextCursor: page.nextCursor, total };
    },

    /** The author is the session's user; the HTML is stored as the comment policy leaves it, showing only their images. */
    async create(author: PublicUser, body: { paperId: number; text: string }): Promise<Comment> {
      await countWrite(author);
      const text = sanitizedText(body.text);
      await requirePaper(body.paperId);
      const imageNames = await ownImagesOf(author, text);
      const row = await commentsRepo.insert({ paperId: body.paperId, userId: author.id, text, imageNames });
      return {
        id: row.id,
        paperId: row.paper_id,
        userId: author.id,
        name: author.name,
        text: row.text,
        createdAt: toIso(row.created_at),
      };
    },

    /** One comment, so that a shared link can find the paper it belongs to. */
    find,

    /**
     * The author's new text for their comment, under the rules of a new one; it keeps its place and
     * is marked edited. Images it no longer shows are released as on deletion (see remove). Only the
     * author edits: an administrator removes a comment, never rewrites it.
     */
    async edit(user: PublicUser, commentId: number, body: { text: string }): Promise<Comment> {
      await countWrite(user);
      const comment = await find(commentId, user);
      if (comment.userId !== user.id) throw new AppError(403, 'forbidden', COMMENT_MESSAGES.notAuthorEdit);
      const removed = () => new AppError(409, COMMENT_REMOVED_ERROR, COMMENT_MESSAGES.removedEdit);
      if (comment.removal) throw removed();
      const text = sanitizedText(body.text);
      const dropped = await commentsRepo.update(commentId, { text, imageNames: await ownImagesOf(user, text) });
      if (dropped === null) throw removed();
      await uploads
        .discardUnused(user.id, dropped)
        .catch((error: unknown) =>
          log.warn({ err: error, commentId }, "an edited comment's dropped images were not removed"),
        );
      return find(commentId, user);
    },

    /**
     * Deletes a comment of the user's own (one a moderator removed included), with the images they
     * uploaded for it that no other comment shows, and answers it as it was. Should removing the
     * images fail, the sweep removes them later.
     */
    async remove(user: PublicUser, commentId: number): Promise<Comment> {
      const comment = await find(commentId, user);
      if (comment.userId !== user.id) throw new AppError(403, 'forbidden', COMMENT_MESSAGES.notAuthor);
      const imageIds = await commentsRepo.delete(commentId);
      await uploads
        .discardUnused(user.id, imageIds)
        .catch((error: unknown) => log.warn({ err: error, commentId }, "a deleted comment's images were not removed"));
      return comment;
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
