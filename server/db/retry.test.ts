import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.js';
import { waitFor } from '../test/eventually.js';
import { migratedDatabase } from '../test/migration-under-test.js';
import { addPapers } from '../test/papers.js';
import { CONFLICT_ATTEMPTS, isTransactionConflict, retriedTransaction, retryingConflicts } from './retry.js';

/** A failure as node-postgres reports one of PostgreSQL's, by its SQLSTATE. */
const postgresError = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

/** A run that fails with `failures` in turn, then answers 'done'; counts its runs. */
function failingFirst(failures: Error[]) {
  let runs = 0;
  return {
    runs: () => runs,
    run: async () => {
      const failure = failures[runs];
      runs += 1;
      if (failure) throw failure;
      return 'done';
    },
  };
}

describe('running a transaction again after a conflict', () => {
  it('runs again after a deadlock and after a serialization failure, and answers the run that went through', async () => {
    const work = failingFirst([postgresError('40P01'), postgresError('40001')]);
    expect(await retryingConflicts(work.run)).toBe('done');
    expect(work.runs()).toBe(3);
  });

  it('throws any other failure at once, a unique violation or a lost connection among them', async () => {
    for (const failure of [postgresError('23505'), postgresError('57P01'), new Error('no code')]) {
      const work = failingFirst([failure]);
      await expect(retryingConflicts(work.run)).rejects.toBe(failure);
      expect(work.runs()).toBe(1);
    }
  });

  it(`gives up after ${CONFLICT_ATTEMPTS} runs that all met a conflict, with the last one`, async () => {
    const failures = Array.from({ length: CONFLICT_ATTEMPTS }, () => postgresError('40P01'));
    const work = failingFirst(failures);
    await expect(retryingConflicts(work.run)).rejects.toBe(failures.at(-1));
    expect(work.runs()).toBe(CONFLICT_ATTEMPTS);
  });

  it('tells conflicts from other failures', () => {
    expect(isTransactionConflict(postgresError('40P01'))).toBe(true);
    expect(isTransactionConflict(postgresError('40001'))).toBe(true);
    expect(isTransactionConflict(postgresError('40002'))).toBe(false);
    expect(isTransactionConflict('40P01')).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
  });
});

describe.each(testDatabaseKinds)('retried transactions on $name', (kind) => {
  it('two edits that take two papers in opposite orders both commit, the deadlock’s victim run again', async () => {
    const handle = await migratedDatabase(kind);
    await addPapers(handle, ['2401.00001', '2401.00002']);
    let runs = 0;
    let holdingFirst = 0;
    const edit = (first: string, second: string, title: string) =>
      retriedTransaction(handle.db, async (trx) => {
        runs += 1;
        await trx.updateTable('papers').set({ title }).where('arxiv_id', '=', first).execute();
        holdingFirst += 1;
        // On PostgreSQL each holds its first paper when it asks for its second: a deadlock. SQLite
        // runs one transaction at a time, so the first never sees the second start.
        if (handle.dialect === 'postgres') await waitFor('both edits to hold a paper', () => holdingFirst >= 2);
        await trx.updateTable('papers').set({ title }).where('arxiv_id', '=', second).execute();
      });
    await Promise.all([
      edit('2401.00001', '2401.00002', 'One then two'),
      edit('2401.00002', '2401.00001', 'Two then one'),
    ]);
    expect(runs).toBe(handle.dialect === 'postgres' ? 3 : 2);
    const titles = await handle.db.selectFrom('papers').select('title').execute();
    expect(new Set(titles.map((row) => row.title)).size).toBe(1);
  });
});
