import type { Locale } from './account-rules.js';
import { normaliseArabic } from './arabic-spelling.js';
import type { NamedCategory } from './category-name.js';

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

/**
 * Categories by the name a reader sees, in the order of the reader's language: categoryName's rule,
 * written here again so that the account page's code does not share a chunk with the digest's first
 * download, which has no byte to spare.
 */
export function sortedByShownName<Category extends NamedCategory>(
  categories: Category[],
  locale: Locale | string | undefined,
): { category: Category; label: string }[] {
  return categories
    .map((category) => ({ category, label: locale === 'ar' && category.nameAr ? category.nameAr : category.name }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
