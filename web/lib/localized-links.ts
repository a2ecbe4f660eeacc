import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { addressIn, localeOfPath } from '../../common/locale-path.js';
import { changeLocale, DEFAULT_LOCALE, i18n, isLocale, useTranslation } from './i18n.js';

/**
 * Addresses of in-app links to public pages in the language shown, so a link from an Arabic page
 * opens the Arabic page. Only for public pages' addresses: account and admin pages have one address.
 */
export function useLocalizedAddress(): (to: string) => string {
  const { i18n: texts } = useTranslation();
  const locale = isLocale(texts.resolvedLanguage) ? texts.resolvedLanguage : DEFAULT_LOCALE;
  return useCallback((to: string) => addressIn(to, locale), [locale]);
}

/**
 * An address that names a language (/ar/…) shows the page in it, also when reached by Back or by a
 * link. Only a change of address acts: the switcher changes the language first and the address after.
 */
export function useAddressNamesLanguage(): void {
  const named = localeOfPath(useLocation().pathname);
  useEffect(() => {
    if (named && named !== i18n.language) {
      changeLocale(named).catch((error: unknown) => console.error('Failed to change language', error));
    }
  }, [named]);
}
