import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function createCategoriesRepo(db: Kysely<Database>) {
  return {
    async listNames(): Promise<string[]> {
      const rows = await db.selectFrom('categories').select('name').orderBy('name').execute();
      return rows.map((row) => row.name);
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
