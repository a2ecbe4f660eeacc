import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { connectDatabase, type DbHandle } from '../connect.js';
import { migrateToLatest } from '../migrate.js';
import { migrationsFor } from './index.js';

const THIS_MIGRATION = '0011_arabic_summaries';

describe.each(testDatabaseKinds)('the Arabic names migration on $name', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('gives the categories a database holds already the Arabic names the site ships, and others none', async () => {
    const database = await kind.create();
    cleanups.push(() => database.dispose());
    const handle: DbHandle = connectDatabase(loadConfig(database.env));
    cleanups.push(() => handle.close());
    const all = migrationsFor(handle.dialect);
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < THIS_MIGRATION));
    await migrateToLatest(handle, before);
    const now = new Date().toISOString();
    // The rows as they were before the migration: a name only.
    const created = ['Machine Learning', 'Other', 'AI Agents', 'Quantum Knitting'].map((name) => ({
      name,
      created_at: now,
    }));
    await handle.db.insertInto('categories').values(created).execute();

    await migrateToLatest(handle, all);
    const rows = await handle.db.selectFrom('categories').select(['name', 'name_ar']).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'AI Agents', name_ar: 'وكلاء الذكاء الاصطناعي' },
      { name: 'Machine Learning', name_ar: 'تعلّم الآلة' },
      { name: 'Other', name_ar: 'أخرى' },
      { name: 'Quantum Knitting', name_ar: null },
    ]);
  });
});
