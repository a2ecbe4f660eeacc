import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import { retriedTransaction } from '../../db/retry.js';
import type { Database } from '../../db/schema.js';
import { type AuditRecord, appendAudit } from '../audit/repo.js';
import { newCategoryRows } from './shipped-arabic-names.js';

export function createCategoriesRepo(db: Kysely<Database>) {
  /**
   * PostgreSQL's statement triggers bump the content version (and tell every web process) even when
   * a statement changes no row: a write that would change nothing is not sent at all.
   */
  const exists = async (name: string) =>
    (await db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;

  return {
    async listNames(): Promise<string[]> {
      const rows = await db.selectFrom('categories').select('name').orderBy('name').execute();
      return rows.map((row) => row.name);
    },

    /** Every category with its Arabic name, sorted by name. */
    async listWithArabicNames(): Promise<{ name: string; nameAr: string | null }[]> {
      return db.selectFrom('categories').select(['name', 'name_ar as nameAr']).orderBy('name').execute();
    },

    /** Every category with its Arabic name and the number of papers linked to it, sorted by name. */
    async listWithPaperCounts(): Promise<{ name: string; nameAr: string | null; paperCount: number }[]> {
      const rows = await db
        .selectFrom('categories')
        .leftJoin('paper_categories', 'paper_categories.category_id', 'categories.id')
        .select(({ fn }) => [
          'categories.name',
          'categories.name_ar as nameAr',
          fn.count<number | string | bigint>('paper_categories.paper_id').as('paperCount'),
        ])
        .groupBy(['categories.id', 'categories.name', 'categories.name_ar'])
        .orderBy('categories.name')
        .execute();
      // PostgreSQL answers count() as a bigint, sent as text.
      return rows.map((row) => ({ ...row, paperCount: Number(row.paperCount) }));
    },

    /**
     * Sets or removes (null) a category's Arabic name, with its entry in the audit log when it
     * changes; false when there is no such category.
     */
    async setArabicName(name: string, nameAr: string | null, audit: AuditRecord): Promise<boolean> {
      if (!(await exists(name))) return false;
      return retriedTransaction(db, async (trx) => {
        const before = await trx.selectFrom('categories').select('name_ar').where('name', '=', name).executeTakeFirst();
        if (!before) return false;
        if (before.name_ar === nameAr) return true;
        await trx.updateTable('categories').set({ name_ar: nameAr }).where('name', '=', name).execute();
        await appendAudit(trx, { ...audit, before: { nameAr: before.name_ar }, after: { nameAr } });
        return true;
      });
    },

    /**
     * Gives a category a new name, with its entry in the audit log; its papers and the digests that
     * follow it hold its id, so they follow. Answers its Arabic name, 'missing' when there is no such
     * category, or 'exists' when another category has the new name. The same name changes nothing.
     */
    async rename(
      name: string,
      newName: string,
      audit: AuditRecord,
    ): Promise<{ nameAr: string | null } | 'missing' | 'exists'> {
      try {
        return await retriedTransaction(db, async (trx) => {
          const row = await trx
            .selectFrom('categories')
            .select(['id', 'name_ar'])
            .where('name', '=', name)
            .executeTakeFirst();
          if (!row) return 'missing';
          if (newName === name) return { nameAr: row.name_ar };
          const taken = await trx.selectFrom('categories').select('id').where('name', '=', newName).executeTakeFirst();
          if (taken) return 'exists';
          await trx.updateTable('categories').set({ name: newName }).where('id', '=', row.id).execute();
          await appendAudit(trx, { ...audit, before: { name }, after: { name: newName } });
          return { nameAr: row.name_ar };
        });
      } catch (error) {
        // Another admin gave a category that name at the same moment.
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /** Adds a category, with its entry in the audit log; false when one of that name exists already. */
    async create(name: string, audit: AuditRecord): Promise<boolean> {
      if (await exists(name)) return false;
      return retriedTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('categories')
          .values(newCategoryRows([name], new Date().toISOString()))
          .onConflict((oc) => oc.column('name').doNothing())
          .returning(['id', 'name_ar'])
          .executeTakeFirst();
        if (!inserted) return false;
        await appendAudit(trx, { ...audit, after: { name, nameAr: inserted.name_ar } });
        return true;
      });
    },

    /**
     * Removes a category and its links to papers (ON DELETE CASCADE), with its entry in the audit log
     * (how many papers carried it); false when there was none.
     */
    async remove(name: string, audit: AuditRecord): Promise<boolean> {
      if (!(await exists(name))) return false;
      return retriedTransaction(db, async (trx) => {
        const { papers } = await trx
          .selectFrom('paper_categories')
          .innerJoin('categories', 'categories.id', 'paper_categories.category_id')
          .select((eb) => eb.fn.countAll<number>().as('papers'))
          .where('categories.name', '=', name)
          .executeTakeFirstOrThrow();
        const removed = await trx
          .deleteFrom('categories')
          .where('name', '=', name)
          .returning('name_ar')
          .executeTakeFirst();
        if (!removed) return false;
        await appendAudit(trx, { ...audit, before: { name, nameAr: removed.name_ar, papers: Number(papers) } });
        return true;
      });
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
