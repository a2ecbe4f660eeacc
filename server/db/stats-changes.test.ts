import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { newCategoryRows } from '../modules/categories/shipped-arabic-names.js';
import { createPapersRepo } from '../modules/papers/repo.js';
import { startTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { eventually, waitFor } from '../test/eventually.js';
import { migratedDatabase } from '../test/migration-under-test.js';
import { addPaper, addPapers, paperRow } from '../test/papers.js';
import type { DbHandle } from './connect.js';
import { foldStatsChanges } from './stats-changes.js';

const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');
function postgresDatabase(): Promise<DbHandle> {
  if (!postgres) throw new Error('these tests need TEST_DATABASE_URL');
  return migratedDatabase(postgres);
}
/** Long enough for any loaded machine; a writer that still waits this long waits for the other's commit. */
const LOCK_TIMEOUT = sql`SET LOCAL lock_timeout = '15s'`;

async function paperCount(handle: DbHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('papers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe.each(testDatabaseKinds)('the paper counters on $name', (kind) => {
  it('count every paper that writers at once add and delete, and folding the log changes nothing read', async () => {
    const handle = await migratedDatabase(kind);
    const repo = createPapersRepo(handle);
    const before = await repo.stats();
    await Promise.all(
      Array.from({ length: 6 }, async (_, writer) => {
        const ids = Array.from({ length: 4 }, (_, i) => `2401.${writer}000${i}`);
        for (const arxivId of ids) await addPaper(handle, { arxiv_id: arxivId, submitted_date: '2024-01-01' });
        await handle.db.deleteFrom('papers').where('arxiv_id', 'in', ids.slice(0, 2)).execute();
      }),
    );
    const after = await repo.stats();
    expect(after.total).toBe(12);
    expect(after.total).toBe(await paperCount(handle));
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.content_version).toBeGreaterThan(before.content_version);
    if (handle.dialect !== 'postgres') return;
    await foldStatsChanges(handle.db);
    expect(await repo.stats()).toEqual(after);
    expect(await loggedChanges(handle)).toBe(0);
  });
});

describe.skipIf(!postgres)('writers of papers on PostgreSQL', () => {
  it('add a paper while another writer’s transaction that added one is still open', async () => {
    const handle = await postgresDatabase();
    await handle.db.transaction().execute(async (first) => {
      await first
        .insertInto('papers')
        .values(paperRow({ arxiv_id: '2401.00001', submitted_date: '2024-01-01' }))
        .execute();
      // Another connection, while this transaction holds its paper: it must not wait for this commit.
      await handle.db.transaction().execute(async (second) => {
        await LOCK_TIMEOUT.execute(second);
        await second
          .insertInto('papers')
          .values(paperRow({ arxiv_id: '2401.00002', submitted_date: '2024-01-02' }))
          .execute();
      });
    });
    expect((await createPapersRepo(handle).stats()).total).toBe(2);
  });

  it('let an admin rename a category while a worker links its new paper to it: both commit, no deadlock', async () => {
    const handle = await postgresDatabase();
    const category = await handle.db
      .insertInto('categories')
      .values(newCategoryRows(['Agents'], new Date().toISOString()))
      .returning('id')
      .executeTakeFirstOrThrow();
    let renamed = false;
    const rename = async () => {
      await handle.db.transaction().execute(async (admin) => {
        await LOCK_TIMEOUT.execute(admin);
        await admin.updateTable('categories').set({ name: 'Agent systems' }).where('id', '=', category.id).execute();
      });
      renamed = true;
    };
    let renaming: Promise<void> = Promise.resolve();
    await handle.db.transaction().execute(async (worker) => {
      const paper = await worker
        .insertInto('papers')
        .values(paperRow({ arxiv_id: '2401.00001', submitted_date: '2024-01-01' }))
        .returning('id')
        .executeTakeFirstOrThrow();
      renaming = rename();
      // The rename either finished or waits for a lock this transaction holds; then the worker links the paper.
      await waitFor('the rename to finish or wait', async () => renamed || (await waitingForLocks(handle)) > 0);
      await worker.insertInto('paper_categories').values({ paper_id: paper.id, category_id: category.id }).execute();
    });
    await renaming;
    const linked = await handle.db
      .selectFrom('paper_categories')
      .innerJoin('categories', 'categories.id', 'paper_categories.category_id')
      .select('categories.name')
      .executeTakeFirst();
    expect(linked).toEqual({ name: 'Agent systems' });
  });
});

describe.skipIf(!postgres)('the logged paper changes on PostgreSQL', () => {
  it('are folded by a running server: the log empties and every count read stays the same', async () => {
    if (!postgres) throw new Error('this test needs TEST_DATABASE_URL');
    const database = await postgres.create();
    onTestFinished(() => database.dispose());
    const target = await startTestApp(database);
    onTestFinished(() => target.close());
    await addPapers(target.handle, ['2401.00001', '2401.00002', '2401.00003']);
    const counted = await target.services.papersRepo.stats();
    expect(counted.total).toBe(3);
    expect(
      await eventually(
        () => loggedChanges(target.handle),
        (left) => left === 0,
        20_000,
      ),
    ).toBe(0);
    expect(await target.services.papersRepo.stats()).toEqual(counted);
  });
});

async function loggedChanges(handle: DbHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('paper_stats_changes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Backends of this database waiting for a lock another transaction holds. */
async function waitingForLocks(handle: DbHandle): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`SELECT count(*)::integer AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(handle.db);
  return rows[0]?.waiting ?? 0;
}
