import type { Kysely } from 'kysely';
import type { Comment } from '../../../common/comments.js';
import { toIso } from '../../db/connect.js';
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

    async findById(id: number): Promise<Comment | null> {
      const row = await withAuthors().where('comments.id', '=', id).executeTakeFirst();
      return row ? toComment(row) : null;
    },

    async insert(comment: { paperId: number; userId: number; text: string }) {
      return db
        .insertInto('comments')
        .values({
          paper_id: comment.paperId,
          user_id: comment.userId,
          text: comment.text,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },
  };
}

export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
