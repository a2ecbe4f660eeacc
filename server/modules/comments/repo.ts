import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { CommentOrder } from '../../../common/comment-rules.js';
import type { Comment } from '../../../common/comments.js';
import type { KeysetPosition } from '../../../common/keyset-page.js';
import { DELETED_USER_NAME } from '../../../common/moderation-rules.js';
import { toIso } from '../../db/connect.js';
import { afterPosition } from '../../db/keyset.js';
import type { Database } from '../../db/schema.js';

export interface CommentRow {
  id: number;
  paper_id: number;
  user_id: number | null;
  name: string | null;
  text: string;
  created_at: string | Date;
  edited_at: string | Date | null;
  removed_at: string | Date | null;
  removal_reason: string | null;
}

/** A comment as the API answers it: 'deleted user' once its author's account is gone, its removal if any. */
export const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  paperId: row.paper_id,
  userId: row.user_id,
  name: row.user_id === null ? DELETED_USER_NAME : (row.name ?? DELETED_USER_NAME),
  text: row.text,
  createdAt: toIso(row.created_at),
  ...(row.edited_at === null ? {} : { editedAt: toIso(row.edited_at) }),
  ...(row.removed_at === null ? {} : { removal: { removedAt: toIso(row.removed_at), reason: row.removal_reason } }),
});

/** Comments with their author's current name, a detached author's included. */
export const commentsWithAuthors = (db: Kysely<Database>) =>
  db
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.paper_id',
      'comments.user_id',
      'users.name',
      'comments.text',
      'comments.created_at',
      'comments.edited_at',
      'comments.removed_at',
      'comments.removal_reason',
    ]);

/**
 * The comments a reader sees: those no moderator removed, and the reader's own removed ones (marked
 * so), so that the author learns what happened to them.
 */
const shownTo =
  (viewerId: number | null) =>
  ({ eb, or }: ExpressionBuilder<Database, 'comments'>) =>
    viewerId === null
      ? eb('comments.removed_at', 'is', null)
      : or([eb('comments.removed_at', 'is', null), eb('comments.user_id', '=', viewerId)]);

/** The ids of the uploads of these file names. */
async function uploadIdsNamed(trx: Transaction<Database>, fileNames: string[]): Promise<number[]> {
  if (fileNames.length === 0) return [];
  const rows = await trx.selectFrom('uploads').select('id').where('file_name', 'in', fileNames).execute();
  return rows.map((row) => row.id);
}

export function createCommentsRepo(db: Kysely<Database>) {
  const withAuthors = () => commentsWithAuthors(db);

  return {
    async paperExists(paperId: number): Promise<boolean> {
      const paper = await db
        .selectFrom('papers')
        .select('id')
        .where('id', '=', paperId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return paper !== undefined;
    },

    /** A paper's comments that `viewerId` sees, newest first, each with its author's current name. */
    async listOfPaper(paperId: number, viewerId: number | null): Promise<Comment[]> {
      const rows = await withAuthors()
        .where('comments.paper_id', '=', paperId)
        .where(shownTo(viewerId))
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .execute();
      return rows.map(toComment);
    },

    /** Up to `limit` of the paper's comments `viewerId` sees, in `order`, after `after` when given. */
    async pageOfPaper(
      paperId: number,
      page: { order: CommentOrder; after: KeysetPosition | undefined; limit: number; viewerId: number | null },
    ): Promise<Comment[]> {
      const direction = page.order === 'newest' ? 'desc' : 'asc';
      let query = withAuthors().where('comments.paper_id', '=', paperId).where(shownTo(page.viewerId));
      if (page.after) {
        query = query.where(
          afterPosition({ createdAt: 'comments.created_at', id: 'comments.id' }, page.after, direction),
        );
      }
      const rows = await query
        .orderBy('comments.created_at', direction)
        .orderBy('comments.id', direction)
        .limit(page.limit)
        .execute();
      return rows.map(toComment);
    },

    /** How many comments the paper shows: a removed one counts for no one. */
    async countOfPaper(paperId: number): Promise<number> {
      const row = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('paper_id', '=', paperId)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** A comment, a removed one included (marked so); null when there is none. */
    async findById(id: number): Promise<Comment | null> {
      const row = await withAuthors()
        .where('comments.id', '=', id)
        // A comment of a paper an admin deleted is kept with it, and found again once it is restored.
        .where('comments.paper_id', 'not in', db.selectFrom('papers').select('id').where('deleted_at', 'is not', null))
        .executeTakeFirst();
      return row ? toComment(row) : null;
    },

    /**
     * Of these uploaded images' file names, those another account uploaded, or an account since
     * deleted; names no upload has are not among them.
     */
    async imagesNotUploadedBy(userId: number, fileNames: string[]): Promise<string[]> {
      if (fileNames.length === 0) return [];
      const rows = await db
        .selectFrom('uploads')
        .select('file_name')
        .where('file_name', 'in', fileNames)
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '!=', userId)]))
        .execute();
      return rows.map((row) => row.file_name);
    },

    /** Stores a comment with links to the uploaded images it shows, given by their file names. */
    async insert(comment: { paperId: number; userId: number; text: string; imageNames: string[] }) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('comments')
          .values({
            paper_id: comment.paperId,
            user_id: comment.userId,
            text: comment.text,
            created_at: new Date().toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const images = await uploadIdsNamed(trx, comment.imageNames);
        if (images.length > 0) {
          await trx
            .insertInto('comment_uploads')
            .values(images.map((uploadId) => ({ comment_id: row.id, upload_id: uploadId })))
            .execute();
        }
        return row;
      });
    },

    /**
     * Gives a comment no moderator removed its edited text, marked edited now, and links it to exactly
     * the uploaded images the text shows: answers the ids of the uploads it no longer shows, or null
     * when a moderator removed it meanwhile.
     */
    async update(id: number, edit: { text: string; imageNames: string[] }): Promise<number[] | null> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('comments')
          .set({ text: edit.text, edited_at: new Date().toISOString() })
          .where('id', '=', id)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return null;
        const shown = await uploadIdsNamed(trx, edit.imageNames);
        const linked = (
          await trx.selectFrom('comment_uploads').select('upload_id').where('comment_id', '=', id).execute()
        ).map((link) => link.upload_id);
        const added = shown.filter((uploadId) => !linked.includes(uploadId));
        const dropped = linked.filter((uploadId) => !shown.includes(uploadId));
        if (added.length > 0) {
          await trx
            .insertInto('comment_uploads')
            .values(added.map((uploadId) => ({ comment_id: id, upload_id: uploadId })))
            .execute();
        }
        if (dropped.length > 0) {
          await trx
            .deleteFrom('comment_uploads')
            .where('comment_id', '=', id)
            .where('upload_id', 'in', dropped)
            .execute();
        }
        return dropped;
      });
    },

    /** Deletes a comment, and its links with it: answers the ids of the uploads it showed. */
    async delete(id: number): Promise<number[]> {
      return db.transaction().execute(async (trx) => {
        const images = await trx
          .selectFrom('comment_uploads')
          .select('upload_id')
          .where('comment_id', '=', id)
          .execute();
        await trx.deleteFrom('comments').where('id', '=', id).execute();
        return images.map((image) => image.upload_id);
      });
    },
  };
}

export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
