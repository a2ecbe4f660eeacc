import type { Kysely, Migration } from 'kysely';
import { shippedArabicNames } from '../../modules/categories/shipped-arabic-names.js';

/**
 * Arabic beside English: the summary's reader-facing fields in Arabic (written by the model), and an
 * Arabic name per category, given here to the categories the site ships names for. Categories made
 * later get theirs when they are created (newCategoryRows).
 */
export function arabicSummariesMigration(): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('summaries').addColumn('data_ar', 'text').execute();
    await db.schema.alterTable('categories').addColumn('name_ar', 'text').execute();
    for (const [name, nameAr] of shippedArabicNames()) {
      await db.updateTable('categories').set({ name_ar: nameAr }).where('name', '=', name).execute();
    }
  };
  return { up };
}
