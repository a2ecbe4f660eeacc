import type { Kysely } from 'kysely';
import type { Comment } from '../../../common/comments.js';
import { toIso } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

export function createCommentsRepo(db: Kysely<Database>) {
  return {
    async paperExists(paperId: number): Promise<boolean> {
      return (await db.selectFrom('papers').select('id').where('id', '=', paperId).executeTakeFirst()) !== undefined;
    },

    /** A paper's comments, newest first, each with its author's current name. */
    async listOfPaper(paperId: number): Promise<Comment[]> {
      const rows = await db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select([
          'comments.id',
          'comments.paper_id',
          'comments.user_id',
          'users.name',
          'comments.text',
          'comments.created_at',
        ])
        .where('comments.paper_id', '=', paperId)
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        paperId: row.paper_id,
        userId: row.user_id,
        name: row.name,
        text: row.text,
        createdAt: toIso(row.created_at),
      }));
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

    findAuthor: (id: number) => db.selectFrom('comments').select('user_id').where('id', '=', id).executeTakeFirst(),

    async delete(id: number): Promise<void> {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },
  };
}

export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
