import { describe, expect, it } from 'vitest';
import { createPapersRepo } from '../../modules/papers/repo.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { databaseBefore } from '../../test/migration-under-test.js';
import { addPapers } from '../../test/papers.js';

const THIS_MIGRATION = '0024_stats_change_logs';

describe.each(testDatabaseKinds)('the counters’ change logs migration on $name', (kind) => {
  it('keeps the counts and versions stored before it, and counts every change after it', async () => {
    const { handle, migrateRest } = await databaseBefore(kind, THIS_MIGRATION);
    await addPapers(handle, ['2401.00001', '2401.00002', '2401.00003']);
    await handle.db.deleteFrom('papers').where('arxiv_id', '=', '2401.00003').execute();
    const before = await handle.db
      .selectFrom('paper_stats')
      .select(['total', 'version', 'content_version'])
      .executeTakeFirstOrThrow();
    const vectorsBefore = await handle.db
      .selectFrom('search_stats')
      .select('vectors_version')
      .executeTakeFirstOrThrow();
    await migrateRest();

    const repo = createPapersRepo(handle);
    expect(await repo.stats()).toEqual(before);
    expect(await handle.db.selectFrom('search_stats_now').selectAll().executeTakeFirstOrThrow()).toEqual(vectorsBefore);
    await addPapers(handle, ['2401.00004']);
    await handle.db
      .updateTable('papers')
      .set({ submitted_date: '2023-12-31' })
      .where('arxiv_id', '=', '2401.00001')
      .execute();
    const after = await repo.stats();
    expect(after.total).toBe(3);
    expect(after.version).toBe(before.version + 2);
    expect(after.content_version).toBeGreaterThan(before.content_version);
  });
});
