import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.js';
import { databaseBefore } from '../../test/migration-under-test.js';
import { addPaper } from '../../test/papers.js';

const THIS_MIGRATION = '0016_upload_lifecycle';
const SHOWN = '0123456789abcdef0123456789abcdef.png';
const UNUSED = 'fedcba9876543210fedcba9876543210.gif';
const NEVER_UPLOADED = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg';

describe.each(testDatabaseKinds)('the upload lifecycle migration on $name', (kind) => {
  it('links the comments stored already to the uploaded images they show, and to nothing else', async () => {
    const { handle, migrateRest } = await databaseBefore(kind, THIS_MIGRATION);
    const now = new Date().toISOString();
    const user = await handle.db
      .insertInto('users')
      .values({ email: 'r@example.org', name: 'R', password_hash: 'x', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addPaper(handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-01' });
    const paper = await handle.db.selectFrom('papers').select('id').executeTakeFirstOrThrow();
    const uploads = await handle.db
      .insertInto('uploads')
      .values(
        [SHOWN, UNUSED].map((file_name) => ({
          file_name,
          mime_type: 'image/png',
          size_bytes: 10,
          user_id: user.id,
          created_at: now,
        })),
      )
      .returning(['id', 'file_name'])
      .execute();
    const texts = [
      `<p>a<img src="/uploads/${SHOWN}" /><img alt="twice" src="/uploads/${SHOWN}" /></p>`,
      `<p>src="/uploads/${UNUSED}" is only text here</p>`,
      `<p><img src="/uploads/${NEVER_UPLOADED}" /></p>`,
    ];
    const comments = await handle.db
      .insertInto('comments')
      .values(texts.map((text) => ({ paper_id: paper.id, user_id: user.id, text, created_at: now })))
      .returning('id')
      .execute();

    await migrateRest();
    const links = await handle.db.selectFrom('comment_uploads').selectAll().execute();
    const shownId = uploads.find((upload) => upload.file_name === SHOWN)?.id;
    expect(links).toEqual([{ comment_id: comments[0]?.id, upload_id: shownId }]);
  });
});
