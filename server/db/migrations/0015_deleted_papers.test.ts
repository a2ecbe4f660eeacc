import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.js';
import { databaseBefore } from '../../test/migration-under-test.js';

const THIS_MIGRATION = '0015_deleted_papers';

describe.each(testDatabaseKinds)('the deleted papers migration on $name', (kind) => {
  it('renumbers equal queue positions in processing order, makes them unique, and drops orphaned waiting bookmarks', async () => {
    const { handle, migrateRest } = await databaseBefore(kind, THIS_MIGRATION);
    const now = new Date().toISOString();
    // What two imports at once left behind: equal positions, in id order.
    const items = (
      [
        ['2401.00003', 2],
        ['2401.00001', 1],
        ['2401.00002', 1],
        ['2401.00004', 2.5],
      ] as const
    ).map(([arxiv_id, position]) => ({ arxiv_id, position, payload: '{}', created_at: now }));
    await handle.db.insertInto('queue_items').values(items).execute();
    const { id: userId } = await handle.db
      .insertInto('users')
      .values({ email: 'a@example.org', name: 'A', password_hash: 'x', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('queue_bookmarks')
      .values(['2401.00001', '2309.00001'].map((arxiv_id) => ({ arxiv_id, user_id: userId, created_at: now })))
      .execute();

    await migrateRest();
    const queue = await handle.db
      .selectFrom('queue_items')
      .select(['arxiv_id', 'position'])
      .orderBy('position')
      .execute();
    expect(queue).toEqual([
      { arxiv_id: '2401.00001', position: 1 },
      { arxiv_id: '2401.00002', position: 2 },
      { arxiv_id: '2401.00003', position: 3 },
      { arxiv_id: '2401.00004', position: 4 },
    ]);
    const duplicate = handle.db
      .insertInto('queue_items')
      .values({ arxiv_id: '2401.00005', position: 4, payload: '{}', created_at: now })
      .execute();
    await expect(duplicate).rejects.toThrow();
    expect(await handle.db.selectFrom('queue_bookmarks').select('arxiv_id').execute()).toEqual([
      { arxiv_id: '2401.00001' },
    ]);
    expect(await handle.db.selectFrom('deleted_papers').selectAll().execute()).toEqual([]);
  });
});
