import type { Kysely, Migration } from 'kysely';

/** An image element of sanitised comment HTML whose source is an uploaded image, as the comment policy writes it. */
const UPLOADED_IMAGE_SRC = /<img\b[^>]*?\ssrc="\/uploads\/([0-9a-f]{32}\.(?:png|jpg|gif|webp))"/g;
const BATCH = 500;

/**
 * comment_uploads: which uploaded images each comment shows, so that an image no comment shows can be
 * found and removed (a comment's links go with it, and with its paper or author). Filled here from
 * the comments already stored. Indexes for the reads that page: an account's uploads (its storage
 * cap), uploads by age (the sweep), bookmarks and comments newest first with their id as tie-break.
 */
export function uploadLifecycleMigration(): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .createTable('comment_uploads')
      .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('upload_id', 'integer', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('comment_uploads_pk', ['comment_id', 'upload_id'])
      .execute();
    await db.schema.createIndex('comment_uploads_upload').on('comment_uploads').column('upload_id').execute();
    await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute();
    await db.schema.createIndex('uploads_created').on('uploads').columns(['created_at', 'id']).execute();
    await db.schema
      .createIndex('bookmarks_user_created')
      .on('bookmarks')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('comments_paper_created')
      .on('comments')
      .columns(['paper_id', 'created_at', 'id'])
      .execute();
    await db.schema.dropIndex('comments_paper').execute();

    let comments: { id: number; text: string }[];
    let after = 0;
    do {
      comments = await db
        .selectFrom('comments')
        .select(['id', 'text'])
        .where('id', '>', after)
        .where('text', 'like', '%src="/uploads/%')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const { id, text } of comments) {
        const names = [...new Set(Array.from(text.matchAll(UPLOADED_IMAGE_SRC), (match) => match[1] as string))];
        if (names.length === 0) continue;
        const uploads: { id: number }[] = await db
          .selectFrom('uploads')
          .select('id')
          .where('file_name', 'in', names)
          .execute();
        if (uploads.length === 0) continue;
        await db
          .insertInto('comment_uploads')
          .values(uploads.map((upload) => ({ comment_id: id, upload_id: upload.id })))
          .execute();
      }
      after = comments.at(-1)?.id ?? after;
    } while (comments.length === BATCH);
  };
  return { up };
}
