import type { Locale } from './account-rules.js';
import { normaliseArabic } from './arabic-spelling.js';

/** A category as a paper names it: its name, and its Arabic name when an admin gave one. */
export interface NamedCategory {
  name: string;
  nameAr?: string | null;
}

/** The name a reader sees: the Arabic name for readers of Arabic when there is one, else the name. */
export function categoryName(category: NamedCategory, locale: Locale | string | undefined): string {
  return locale === 'ar' && category.nameAr ? category.nameAr : category.name;
}

/** Categories by the name a reader sees, in the order of the reader's language. */
export function sortedByShownName<Category extends NamedCategory>(
  categories: Category[],
  locale: Locale | string | undefined,
): { category: Category; label: string }[] {
  return categories
    .map((category) => ({ category, label: categoryName(category, locale) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** A name as a filter compares it: lower case, one spelling for Arabic's variant letters, no vowel marks. */
const comparable = (text: string) => normaliseArabic(text.trim().toLocaleLowerCase());

/**
 * Whether a category's name or Arabic name holds what a reader typed, in either language whatever
 * the page's: a reader of Arabic may know a category by its English name, and the other way round.
 */
export function categoryMatches(category: NamedCategory, typed: string): boolean {
  const wanted = comparable(typed);
  return [category.name, category.nameAr].some((name) => name != null && comparable(name).includes(wanted));
}
