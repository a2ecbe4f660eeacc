import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
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

    /** Sets or removes (null) a category's Arabic name; false when there is no such category. */
    async setArabicName(name: string, nameAr: string | null): Promise<boolean> {
      if (!(await exists(name))) return false;
      const result = await db
        .updateTable('categories')
        .set({ name_ar: nameAr })
        .where('name', '=', name)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Adds a category; false when one of that name exists already. */
    async create(name: string): Promise<boolean> {
      if (await exists(name)) return false;
      const inserted = await db
        .insertInto('categories')
        .values(newCategoryRows([name], new Date().toISOString()))
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Removes a category and its links to papers (ON DELETE CASCADE); false when there was none. */
    async remove(name: string): Promise<boolean> {
      if (!(await exists(name))) return false;
      const result = await db.deleteFrom('categories').where('name', '=', name).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
