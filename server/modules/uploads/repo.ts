import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function createUploadsRepo(db: Kysely<Database>) {
  return {
    async insert(upload: { fileName: string; mimeType: string; sizeBytes: number; userId: number }): Promise<void> {
      await db
        .insertInto('uploads')
        .values({
          file_name: upload.fileName,
          mime_type: upload.mimeType,
          size_bytes: upload.sizeBytes,
          user_id: upload.userId,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    findByName: (fileName: string) =>
      db.selectFrom('uploads').select(['mime_type', 'size_bytes']).where('file_name', '=', fileName).executeTakeFirst(),
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
