/*
 * Addresses per language (ADR 0054), apart from the route table (routes.ts), so code that needs only
 * these, such as the texts' loader, does not carry the table.
 */
import type { Locale } from './account-rules.js';

/** The prefix of every Arabic address: `/ar`, `/ar/ai-digest`, `/ar/blog/{id}` (ADR 0054). */
export const ARABIC_PREFIX = '/ar';

/** The language an address names: Arabic under /ar, none elsewhere (the reader's choice decides). */
export function localeOfPath(pathname: string): Locale | null {
  return pathname === ARABIC_PREFIX || pathname.startsWith(`${ARABIC_PREFIX}/`) ? 'ar' : null;
}

/** The address of a page in a language: `/ai-digest` is `/ar/ai-digest` in Arabic, and back. */
export function localizedPath(pathname: string, locale: Locale): string {
  const neutral = localeOfPath(pathname) ? pathname.slice(ARABIC_PREFIX.length) || '/' : pathname;
  if (locale === 'en') return neutral;
  return neutral === '/' ? ARABIC_PREFIX : `${ARABIC_PREFIX}${neutral}`;
}

/** An address (path, then search and fragment) in a language: only its path changes. */
export function addressIn(to: string, locale: Locale): string {
  const cut = to.search(/[?#]/);
  return cut === -1 ? localizedPath(to, locale) : localizedPath(to.slice(0, cut), locale) + to.slice(cut);
}
