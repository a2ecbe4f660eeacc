import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { DEMO_PAPER_COUNT, seedPapers } from './seed.js';

describe.each(testDatabaseKinds)('seeding on $name', (kind) => {
  const target = useTestApp(kind);

  it('loads the real papers first, then clearly marked synthetic variants, and is safe to repeat', async () => {
    expect(await seedPapers(target.handle, DEMO_PAPER_COUNT + 3)).toBe(DEMO_PAPER_COUNT + 3);
    const rows = await target.handle.db
      .selectFrom('papers')
      .select(['arxiv_id', 'title', 'synthetic'])
      .orderBy('id')
      .execute();
    const real = rows.filter((row) => row.synthetic === 0);
    const synthetic = rows.filter((row) => row.synthetic === 1);
    expect(real).toHaveLength(DEMO_PAPER_COUNT);
    expect(synthetic.map((row) => row.arxiv_id)).toEqual(['9901.00001', '9901.00002', '9901.00003']);
    expect(synthetic.every((row) => row.title.startsWith('[Synthetic 1] '))).toBe(true);

    const summaries = await target.handle.db.selectFrom('summaries').select(['data', 'generated_by']).execute();
    expect(summaries).toHaveLength(DEMO_PAPER_COUNT + 3);
    expect(
      summaries.every((s) => s.generated_by === 'extractive' && JSON.parse(s.data).generatedBy === 'extractive'),
    ).toBe(true);
    const health = (await target.app.inject('/api/health')).json();
    expect(health.papers).toBe(DEMO_PAPER_COUNT + 3);

    expect(await seedPapers(target.handle, DEMO_PAPER_COUNT + 3)).toBe(0);
    expect(await seedPapers(target.handle, DEMO_PAPER_COUNT + 5)).toBe(2);
  });

  it('gives every seeded paper at least one category, none of them blank', async () => {
    const uncategorised = await target.handle.db
      .selectFrom('papers')
      .select('id')
      .where('id', 'not in', target.handle.db.selectFrom('paper_categories').select('paper_id'))
      .execute();
    expect(uncategorised).toEqual([]);
    const names = (await target.app.inject('/api/categories')).json() as string[];
    expect(names.length).toBeGreaterThan(5);
    expect(names.every((name) => name.trim() === name && name.length > 0)).toBe(true);
  });
});
