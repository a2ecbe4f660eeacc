import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, LOCALES, type Locale } from '../../common/account-rules.js';
import { LOCALE_COOKIE } from '../../common/ssr.js';
import en from '../locales/en.json' with { type: 'json' };
import { readStored, writeStored } from './storage.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en } & FeatureResources;
  }
}

/**
 * Texts of one feature live in web/locales/{locale}/{namespace}.json and load with the feature's
 * route (loadNamespaces), so the entry bundle carries only the shared texts of en.json. Each feature
 * adds its namespace here for typed keys: `& { auth: typeof import('../locales/en/auth.json') }`.
 */
type FeatureResources = {
  home: typeof import('../locales/en/home.json');
  privacy: typeof import('../locales/en/privacy.json');
  docs: typeof import('../locales/en/docs.json');
  auth: typeof import('../locales/en/auth.json');
  admin: typeof import('../locales/en/admin.json');
  'admin-papers': typeof import('../locales/en/admin-papers.json');
  'admin-categories': typeof import('../locales/en/admin-categories.json');
  'admin-queue': typeof import('../locales/en/admin-queue.json');
  'admin-scraper': typeof import('../locales/en/admin-scraper.json');
  blog: typeof import('../locales/en/blog.json');
  bookmarks: typeof import('../locales/en/bookmarks.json');
  comments: typeof import('../locales/en/comments.json');
  citations: typeof import('../locales/en/citations.json');
  'email-digest': typeof import('../locales/en/email-digest.json');
  search: typeof import('../locales/en/search.json');
};

export { isLocale, LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = 'en';
/** localStorage key holding the chosen locale (SPEC §2 Language switcher). */
export const LOCALE_STORAGE_KEY = 'locale';

// English ships in the entry; other locales load when chosen, keeping the first load small.
const lazyBundles: Record<Exclude<Locale, 'en'>, () => Promise<{ default: typeof en }>> = {
  ar: () => import('../locales/ar.json', { with: { type: 'json' } }),
};

/** The language a path names in its first segment (/ar/blogs), which wins over the stored choice. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1];
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : null;
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

function applyToDocument(language: string): void {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

const namespaceFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const usedNamespaces = new Set<string>();

// The router asks for the first page's texts before initI18n has run (main.tsx starts both at once),
// and i18next can take resource bundles only once it is initialised; initI18n settles this.
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

async function loadNamespace(locale: Locale, namespace: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, namespace)) return;
  const load = namespaceFiles[`../locales/${locale}/${namespace}.json`];
  if (!load) throw new Error(`No texts for namespace "${namespace}" in ${locale}`);
  i18n.addResourceBundle(locale, namespace, (await load()).default);
}

/** Loads a feature's texts in the current language and in English, the fallback. */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  // The server renderer holds every text already, in an instance of its own per language.
  if (import.meta.env.SSR) return;
  for (const namespace of namespaces) usedNamespaces.add(namespace);
  await ready;
  const current = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const locales = current === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [current, DEFAULT_LOCALE];
  await Promise.all(locales.flatMap((locale) => namespaces.map((namespace) => loadNamespace(locale, namespace))));
}

async function loadBundle(locale: Locale): Promise<void> {
  await Promise.all([...usedNamespaces].map((namespace) => loadNamespace(locale, namespace)));
  if (locale === 'en' || i18n.hasResourceBundle(locale, 'translation')) return;
  const bundle = await lazyBundles[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.default);
}

/** The language also goes to a cookie, so that the server renders the next page in it. */
function rememberLocale(locale: Locale): void {
  writeStored('localStorage', LOCALE_STORAGE_KEY, locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the site supports.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function cookieLocale(): Locale | null {
  const value = new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isLocale(value) ? value : null;
}

/** The language the reader chose, from localStorage or else its cookie copy; null when none was chosen. */
export function chosenLocale(): Locale | null {
  const stored = readStored('localStorage', LOCALE_STORAGE_KEY);
  return isLocale(stored) ? stored : cookieLocale();
}

export async function changeLocale(locale: Locale): Promise<void> {
  await loadBundle(locale);
  await i18n.changeLanguage(locale);
  rememberLocale(locale);
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
  // Either copy of the choice will do; both are written again, so the server and the page agree.
  const chosen = chosenLocale();
  const locale = chosen ?? DEFAULT_LOCALE;
  try {
    await loadBundle(locale);
    await i18n.changeLanguage(locale);
    if (chosen) rememberLocale(chosen);
  } catch (error) {
    // A bundle that fails to load leaves the page in English rather than blank.
    console.error('Failed to load locale', locale, error);
    await i18n.changeLanguage(DEFAULT_LOCALE);
  }
  markReady();
  return i18n;
}

export { i18n };
