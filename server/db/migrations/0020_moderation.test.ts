import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.js';
import { databaseBefore } from '../../test/migration-under-test.js';
import { addPaper } from '../../test/papers.js';

const THIS_MIGRATION = '0020_moderation';

describe.each(testDatabaseKinds)('the moderation migration on $name', (kind) => {
  it('keeps the comments, their image links and their ids, and lets a deleted account leave its comments', async () => {
    const { handle, migrateRest } = await databaseBefore(kind, THIS_MIGRATION);
    const { db } = handle;
    const now = new Date().toISOString();
    const users = await db
      .insertInto('users')
      .values(
        ['a@example.org', 'b@example.org'].map((email) => ({
          email,
          name: email,
          password_hash: 'x',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const [author = 0, other = 0] = users.map((user) => user.id);
    await addPaper(handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-01' });
    const paper = await db.selectFrom('papers').select('id').executeTakeFirstOrThrow();
    const comments = await db
      .insertInto('comments')
      .values(
        [author, author, other].map((user_id, i) => ({
          paper_id: paper.id,
          user_id,
          text: `<p>${i}</p>`,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const upload = await db
      .insertInto('uploads')
      .values({ file_name: 'a.png', mime_type: 'image/png', size_bytes: 1, user_id: author, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('comment_uploads')
      .values({ comment_id: comments[0]?.id ?? 0, upload_id: upload.id })
      .execute();
    // The newest comment was deleted: its id is not to be given again.
    await db
      .deleteFrom('comments')
      .where('id', '=', comments[2]?.id ?? 0)
      .execute();

    await migrateRest();
    expect(await db.selectFrom('comment_uploads').selectAll().execute()).toEqual([
      { comment_id: comments[0]?.id, upload_id: upload.id },
    ]);
    const kept = await db.selectFrom('comments').select(['id', 'user_id', 'removed_at']).orderBy('id').execute();
    expect(kept).toEqual(comments.slice(0, 2).map(({ id }) => ({ id, user_id: author, removed_at: null })));
    const next = await db
      .insertInto('comments')
      .values({ paper_id: paper.id, user_id: other, text: '<p>new</p>', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(comments[2]?.id ?? 0);

    await db.deleteFrom('users').where('id', '=', author).execute();
    const detached = await db.selectFrom('comments').select(['id', 'user_id']).orderBy('id').execute();
    expect(detached).toEqual([
      { id: comments[0]?.id, user_id: null },
      { id: comments[1]?.id, user_id: null },
      { id: next.id, user_id: other },
    ]);
    expect(await db.selectFrom('comment_uploads').select('comment_id').execute()).toHaveLength(1);
  });
});
