import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizedAddress } from '../../common/routes.js';
import { useCurrentLocale } from '../components/ui/language-trigger.js';
import { changeLocale, i18n, type Locale, localeOfPath } from './i18n.js';

/** Addresses of in-app links in the language shown, so a link from an Arabic page opens the Arabic page. */
export function useLocalizedAddress(): (to: string) => string {
  const locale = useCurrentLocale();
  return useCallback((to: string) => localizedAddress(to, locale), [locale]);
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

/** The switcher's choice: the language, then the page's address in it, in place of the current entry. */
export function useChooseLanguage(): (locale: Locale) => Promise<void> {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    async (locale: Locale) => {
      await changeLocale(locale);
      const address = `${pathname}${search}${hash}`;
      const moved = localizedAddress(address, locale);
      if (moved !== address) await navigate(moved, { replace: true, preventScrollReset: true });
    },
    [navigate, pathname, search, hash],
  );
}
