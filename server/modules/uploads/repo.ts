import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

export interface NewUpload {
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  userId: number;
}

/**
 * Whether a comment no moderator removed shows the upload: one a moderator removed no longer keeps
 * its images online.
 */
export const shownByLiveComment = ({ exists, selectFrom }: ExpressionBuilder<Database, 'uploads'>) =>
  exists(
    selectFrom('comment_uploads')
      .innerJoin('comments', 'comments.id', 'comment_uploads.comment_id')
      .select('comment_uploads.upload_id')
      .whereRef('comment_uploads.upload_id', '=', 'uploads.id')
      .where('comments.removed_at', 'is', null),
  );

export function createUploadsRepo({ db, dialect }: { db: Kysely<Database>; dialect: DialectName }) {
  /** Uploads no live comment shows. */
  const unreferenced = () =>
    db
      .selectFrom('uploads')
      .select('uploads.id')
      .where((eb) => eb.not(shownByLiveComment(eb)));

  return {
    /**
     * Records an upload unless the account's uploads would then take more than `maxStoredBytes`: its
     * id, or null when refused. One account's uploads are counted one after another (PostgreSQL locks
     * the account's row; SQLite runs one write transaction at a time), so uploads sent at once cannot
     * pass the cap together.
     */
    async insertWithinQuota(upload: NewUpload, maxStoredBytes: number): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await trx.selectFrom('users').select('id').where('id', '=', upload.userId).forUpdate().execute();
        }
        const { stored } = await trx
          .selectFrom('uploads')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('stored'))
          .where('user_id', '=', upload.userId)
          .where('removed_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(stored) + upload.sizeBytes > maxStoredBytes) return null;
        const row = await trx
          .insertInto('uploads')
          .values({
            file_name: upload.fileName,
            mime_type: upload.mimeType,
            size_bytes: upload.sizeBytes,
            user_id: upload.userId,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
    },

    findByName: (fileName: string) =>
      db
        .selectFrom('uploads')
        .select(['mime_type', 'size_bytes', 'removed_at'])
        .where('file_name', '=', fileName)
        .executeTakeFirst(),

    /**
     * Removes up to `limit` uploads made before `before` that no live comment shows, the first by id
     * after `afterId`: their ids and file names. An image a moderator's removal took offline stays
     * recorded (without its file), so that it answers 410.
     */
    async deleteUnreferencedBefore(before: string, afterId: number, limit: number) {
      const batch = unreferenced()
        .where('uploads.removed_at', 'is', null)
        .where('uploads.id', '>', afterId)
        .where('uploads.created_at', '<', before)
        .orderBy('uploads.id')
        .limit(limit);
      return db.deleteFrom('uploads').where('id', 'in', batch).returning(['id', 'file_name']).execute();
    },

    /** Removes those of these uploads that `userId` made and no live comment shows: their file names. */
    async deleteUnreferencedOf(userId: number, ids: number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .deleteFrom('uploads')
        .where('id', 'in', unreferenced().where('uploads.id', 'in', ids).where('uploads.user_id', '=', userId))
        .returning('file_name')
        .execute();
      return rows.map((row) => row.file_name);
    },
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
