import type { CategoryRef } from '../../../common/papers.js';

/** The name a reader sees: the Arabic name for readers of Arabic when there is one, else the name. */
export function categoryName(category: CategoryRef, language: string | undefined): string {
  return language === 'ar' && category.nameAr ? category.nameAr : category.name;
}
