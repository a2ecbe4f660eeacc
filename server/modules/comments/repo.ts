import type { Kysely } from 'kysely';
import type { CommentOrder } from '../../../common/comment-rules.js';
import type { Comment } from '../../../common/comments.js';
import type { KeysetPosition } from '../../../common/keyset-page.js';
import { toIso } from '../../db/connect.js';
import { afterPosition } from '../../db/keyset.js';
import type { Database } from '../../db/schema.js';

interface CommentRow {
  id: number;
  paper_id: number;
  user_id: number;
  name: string;
  text: string;
  created_at: string | Date;
}

const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  paperId: row.paper_id,
  userId: row.user_id,
  name: row.name,
  text: row.text,
  createdAt: toIso(row.created_at),
});

export function createCommentsRepo(db: Kysely<Database>) {
  /** Comments with their author's current name. */
  const withAuthors = () =>
    db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select([
        'comments.id',
        'comments.paper_id',
        'comments.user_id',
        'users.name',
        'comments.text',
        'comments.created_at',
      ]);

  return {
    async paperExists(paperId: number): Promise<boolean> {
      return (await db.selectFrom('papers').select('id').where('id', '=', paperId).executeTakeFirst()) !== undefined;
    },

    /** A paper's comments, newest first, each with its author's current name. */
    async listOfPaper(paperId: number): Promise<Comment[]> {
      const rows = await withAuthors()
        .where('comments.paper_id', '=', paperId)
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .execute();
      return rows.map(toComment);
    },

    /** Up to `limit` of a paper's comments in `order`, after `after` when given. */
    async pageOfPaper(
      paperId: number,
      page: { order: CommentOrder; after: KeysetPosition | undefined; limit: number },
    ): Promise<Comment[]> {
      const direction = page.order === 'newest' ? 'desc' : 'asc';
      let query = withAuthors().where('comments.paper_id', '=', paperId);
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

    async countOfPaper(paperId: number): Promise<number> {
      const row = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('paper_id', '=', paperId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async findById(id: number): Promise<Comment | null> {
      const row = await withAuthors().where('comments.id', '=', id).executeTakeFirst();
      return row ? toComment(row) : null;
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
        const images =
          comment.imageNames.length === 0
            ? []
            : await trx.selectFrom('uploads').select('id').where('file_name', 'in', comment.imageNames).execute();
        if (images.length > 0) {
          await trx
            .insertInto('comment_uploads')
            .values(images.map((image) => ({ comment_id: row.id, upload_id: image.id })))
            .execute();
        }
        return row;
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
