import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.js';
import { databaseBefore } from '../../test/migration-under-test.js';

const THIS_MIGRATION = '0017_canonical_ids_safe_values';

describe.each(testDatabaseKinds)('the canonical ids and safe values migration on $name', (kind) => {
  const now = new Date().toISOString();

  /** A database just before this migration, holding papers of these arXiv ids and PDF links. */
  async function databaseWithPapers(papers: [arxivId: string, pdfUrl: string][]) {
    const { handle, migrateRest } = await databaseBefore(kind, THIS_MIGRATION);
    const rows = papers.map(([arxiv_id, pdf_url]) => ({
      arxiv_id,
      version: 2,
      title: `Paper ${arxiv_id}`,
      abstract: 'We study things.',
      pdf_url,
      submitted_date: '2004-06-08',
      authors: '[]',
      primary_category: 'hep-ex',
      created_at: now,
      updated_at: now,
    }));
    await handle.db.insertInto('papers').values(rows).execute();
    return { db: handle.db, migrateRest };
  }

  it('renames old-style ids stored with their subject class, leaving a paper whose id is taken as it is', async () => {
    const { db, migrateRest } = await databaseWithPapers([
      ['hep-ex.EX/0406020', 'https://arxiv.org/pdf/hep-ex/0406020v2'],
      ['math.GT/0309136', 'https://arxiv.org/pdf/math/0309136v2'],
      ['math/0309136', 'https://arxiv.org/pdf/math/0309136v2'],
    ]);
    const item = (arxiv_id: string, position: number) => ({ arxiv_id, position, payload: '{}', created_at: now });
    await db
      .insertInto('queue_items')
      .values([item('cs.AI/0101001', 1), item('cond-mat.SC/0603029', 2), item('cond-mat/0603029', 3)])
      .execute();

    await migrateRest();
    const papers = await db.selectFrom('papers').select('arxiv_id').orderBy('arxiv_id').execute();
    expect(papers.map((row) => row.arxiv_id)).toEqual(['hep-ex/0406020', 'math.GT/0309136', 'math/0309136']);
    const items = await db.selectFrom('queue_items').select('arxiv_id').orderBy('arxiv_id').execute();
    expect(items.map((row) => row.arxiv_id)).toEqual(['cond-mat/0603029', 'cs/0101001']);
  });

  it('gives a paper whose PDF link is not http(s) its PDF on arXiv, and leaves web links as they are', async () => {
    const { db, migrateRest } = await databaseWithPapers([
      ['2401.00001', 'javascript:alert(document.cookie)'],
      ['2401.00002', ' JavaScript:alert(1)'],
      ['2401.00003', 'data:text/html,<script>alert(1)</script>'],
      ['2401.00004', 'HTTPS://example.org/paper.pdf'],
      ['2401.00005', 'http://example.org/paper.pdf'],
    ]);

    await migrateRest();
    const links = await db.selectFrom('papers').select(['arxiv_id', 'pdf_url']).orderBy('arxiv_id').execute();
    expect(links).toEqual([
      { arxiv_id: '2401.00001', pdf_url: 'https://arxiv.org/pdf/2401.00001v2' },
      { arxiv_id: '2401.00002', pdf_url: 'https://arxiv.org/pdf/2401.00002v2' },
      { arxiv_id: '2401.00003', pdf_url: 'https://arxiv.org/pdf/2401.00003v2' },
      { arxiv_id: '2401.00004', pdf_url: 'HTTPS://example.org/paper.pdf' },
      { arxiv_id: '2401.00005', pdf_url: 'http://example.org/paper.pdf' },
    ]);
  });

  it('makes category names fit: renamed, joined to the category of the fitted name, or removed', async () => {
    const { db, migrateRest } = await databaseWithPapers([
      ['2401.00001', ''],
      ['2401.00002', ''],
    ]);
    const learning = { name: 'Machine Learning', name_ar: 'تعلّم الآلة' };
    const split = { name: 'Machine\u001fLearning', name_ar: null };
    const packed = { name: 'Agents\u001eوكلاء\u001fTools', name_ar: 'وكلاء\u001fأدوات' };
    const long = { name: 'x'.repeat(300), name_ar: null };
    await db
      .insertInto('categories')
      .values([learning, split, packed, long].map((category) => ({ ...category, created_at: now })))
      .execute();
    const link = async (arxivId: string, category: { name: string }) => ({
      paper_id: (await db.selectFrom('papers').select('id').where('arxiv_id', '=', arxivId).executeTakeFirstOrThrow())
        .id,
      category_id: (
        await db.selectFrom('categories').select('id').where('name', '=', category.name).executeTakeFirstOrThrow()
      ).id,
    });
    const links = await Promise.all([
      link('2401.00001', learning),
      link('2401.00001', split),
      link('2401.00002', split),
      link('2401.00002', packed),
      link('2401.00002', long),
    ]);
    await db.insertInto('paper_categories').values(links).execute();

    await migrateRest();
    const stored = await db.selectFrom('categories').select(['name', 'name_ar']).orderBy('name').execute();
    expect(stored).toEqual([
      { name: 'Agents وكلاء Tools', name_ar: 'وكلاء أدوات' },
      { name: 'Machine Learning', name_ar: 'تعلّم الآلة' },
    ]);
    const linked = await db
      .selectFrom('paper_categories')
      .innerJoin('categories', 'categories.id', 'paper_categories.category_id')
      .innerJoin('papers', 'papers.id', 'paper_categories.paper_id')
      .select(['papers.arxiv_id', 'categories.name'])
      .orderBy('papers.arxiv_id')
      .orderBy('categories.name')
      .execute();
    expect(linked).toEqual([
      { arxiv_id: '2401.00001', name: 'Machine Learning' },
      { arxiv_id: '2401.00002', name: 'Agents وكلاء Tools' },
      { arxiv_id: '2401.00002', name: 'Machine Learning' },
    ]);
  });
});
