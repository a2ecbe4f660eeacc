import type { Locale } from '../../common/account-rules.js';

/**
 * Every date, relative time and count of the site, written in the page's language by Intl: English
 * as en-US, Arabic with Arabic month names and the Latin digits the rest of the site writes (and the
 * same in Node, which renders the first page, and in every browser, which takes it over).
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', ar: 'ar-u-nu-latn' };

const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count as the page's language writes it, grouped ("42,638"). Every count of the site goes through
 * here, the numbers of its texts included (web/lib/texts.ts), so that two screens never differ.
 */
export function formatCount(value: number, locale: Locale | string): string {
  const intlLocale = INTL_LOCALES[locale as Locale] ?? INTL_LOCALES.en;
  let format = countFormats.get(intlLocale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale);
    countFormats.set(intlLocale, format);
  }
  return format.format(value);
}
