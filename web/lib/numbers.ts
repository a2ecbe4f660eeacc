import { useMemo } from 'react';
import type { Locale } from '../../common/account-rules.js';
import { INTL_LOCALES } from './dates.js';
import { useTranslation } from './i18n.js';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A count as the page's language writes it, grouped ("42,638"), with the Latin digits the whole
 * site writes: every count of the site goes through here, so that two screens never differ.
 */
export function formatCount(value: number, locale: Locale | string): string {
  const intlLocale = INTL_LOCALES[locale as Locale] ?? INTL_LOCALES.en;
  let format = formats.get(intlLocale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale);
    formats.set(intlLocale, format);
  }
  return format.format(value);
}

/** formatCount in the language of the page; a component using it follows a change of language. */
export function useFormatCount(): (value: number) => string {
  const locale = useTranslation().i18n.language;
  return useMemo(() => (value: number) => formatCount(value, locale), [locale]);
}
