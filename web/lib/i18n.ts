import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json' with { type: 'json' };
import { readStored, writeStored } from './storage.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** localStorage key holding the chosen locale (SPEC §2 Language switcher). */
export const LOCALE_STORAGE_KEY = 'locale';

// English ships in the entry; other locales load when chosen, keeping the first load small.
const lazyBundles: Record<Exclude<Locale, 'en'>, () => Promise<{ default: typeof en }>> = {
  ar: () => import('../locales/ar.json', { with: { type: 'json' } }),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

function applyToDocument(language: string): void {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

async function loadBundle(locale: Locale): Promise<void> {
  if (locale === 'en' || i18n.hasResourceBundle(locale, 'translation')) return;
  const bundle = await lazyBundles[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.default);
}

export async function changeLocale(locale: Locale): Promise<void> {
  await loadBundle(locale);
  await i18n.changeLanguage(locale);
  writeStored('localStorage', LOCALE_STORAGE_KEY, locale);
}

export async function initI18n(): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyToDocument);
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
  }
  const stored = readStored('localStorage', LOCALE_STORAGE_KEY);
  const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
  try {
    await loadBundle(locale);
    await i18n.changeLanguage(locale);
  } catch (error) {
    // A bundle that fails to load leaves the page in English rather than blank.
    console.error('Failed to load locale', locale, error);
    await i18n.changeLanguage(DEFAULT_LOCALE);
  }
  return i18n;
}

export { i18n };
