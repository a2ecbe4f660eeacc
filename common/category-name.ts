import type { Locale } from './account-rules.js';

/** A category as a paper names it: its name, and its Arabic name when an admin gave one. */
export interface NamedCategory {
  name: string;
  nameAr?: string | null;
}

/** The name a reader sees: the Arabic name for readers of Arabic when there is one, else the name. */
export function categoryName(category: NamedCategory, locale: Locale | string | undefined): string {
  return locale === 'ar' && category.nameAr ? category.nameAr : category.name;
}
