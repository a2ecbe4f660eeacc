import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.js';
import { databaseBefore } from '../../test/migration-under-test.js';

const THIS_MIGRATION = '0011_arabic_summaries';

describe.each(testDatabaseKinds)('the Arabic names migration on $name', (kind) => {
  it('gives the categories a database holds already the Arabic names the site ships, and others none', async () => {
    const { handle, migrateRest } = await databaseBefore(kind, THIS_MIGRATION);
    const now = new Date().toISOString();
    // The rows as they were before the migration: a name only.
    const created = ['Machine Learning', 'Other', 'AI Agents', 'Quantum Knitting'].map((name) => ({
      name,
      created_at: now,
    }));
    await handle.db.insertInto('categories').values(created).execute();

    await migrateRest();
    const rows = await handle.db.selectFrom('categories').select(['name', 'name_ar']).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'AI Agents', name_ar: 'وكلاء الذكاء الاصطناعي' },
      { name: 'Machine Learning', name_ar: 'تعلّم الآلة' },
      { name: 'Other', name_ar: 'أخرى' },
      { name: 'Quantum Knitting', name_ar: null },
    ]);
  });
});
