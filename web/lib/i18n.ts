import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { isLocale, LOCALES, type Locale } from '../../common/account-rules.js';
import { LOCALE_COOKIE } from '../../common/ssr.js';
import en from '../locales/en.json' with { type: 'json' };
import { readStored, writeStored } from './storage.js';
import { LOCALE_STORAGE_KEY } from './storage-keys.js';
import { DEFAULT_LOCALE, Texts, type TextTree, type TranslateOptions, textDirection } from './texts.js';

/**
 * Texts of one feature live in web/locales/{locale}/{namespace}.json and load with the feature's
 * route (loadNamespaces), so the entry bundle carries only the shared texts of en.json. Each feature
 * adds its namespace here for typed keys: `auth: typeof import('../locales/en/auth.json')`.
 */
type Resources = {
  translation: typeof en;
  home: typeof import('../locales/en/home.json');
  privacy: typeof import('../locales/en/privacy.json');
  docs: typeof import('../locales/en/docs.json');
  auth: typeof import('../locales/en/auth.json');
  admin: typeof import('../locales/en/admin.json');
  'admin-papers': typeof import('../locales/en/admin-papers.json');
  'admin-categories': typeof import('../locales/en/admin-categories.json');
  'admin-queue': typeof import('../locales/en/admin-queue.json');
  'admin-scraper': typeof import('../locales/en/admin-scraper.json');
  'admin-comments': typeof import('../locales/en/admin-comments.json');
  'admin-audit': typeof import('../locales/en/admin-audit.json');
  account: typeof import('../locales/en/account.json');
  blog: typeof import('../locales/en/blog.json');
  bookmarks: typeof import('../locales/en/bookmarks.json');
  comments: typeof import('../locales/en/comments.json');
  citations: typeof import('../locales/en/citations.json');
  'email-digest': typeof import('../locales/en/email-digest.json');
  search: typeof import('../locales/en/search.json');
  recommendations: typeof import('../locales/en/recommendations.json');
};
export type Namespace = keyof Resources;

type PluralForm = Intl.LDMLPluralRule;
/** A plural text is asked for by its base key: t('list.count', { count }) reads list.count_one, …. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
/** The dot paths of a text tree: its strings, and its lists (read with returnObjects). */
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string
    ? WithoutPlural<K>
    : T[K] extends readonly unknown[]
      ? K
      : T[K] extends object
        ? `${K}.${KeysOf<T[K]>}`
        : never;
}[keyof T & string];
type NamespaceList = Namespace | readonly Namespace[];
type Listed<N extends NamespaceList> = N extends readonly Namespace[] ? N[number] : N;
/** The keys of each listed namespace (distributed, so that a list gives the keys of all of them). */
type KeysIn<N extends Namespace> = N extends Namespace ? KeysOf<Resources[N]> : never;
/** Any namespace's key written with its namespace: 'translation:common.tryAgain'. */
type QualifiedKey = { [N in Namespace]: `${N}:${KeysOf<Resources[N]>}` }[Namespace];
type TextOptions = TranslateOptions & { ns?: undefined; returnObjects?: false };

/** t of useTranslation(namespaces): a key of those namespaces, of another one named, or with { ns }. */
export interface TFunction<N extends NamespaceList = 'translation'> {
  (key: KeysIn<Listed<N>> | QualifiedKey, options?: TextOptions): string;
  <M extends Namespace>(
    key: KeysOf<Resources[M]>,
    options: TranslateOptions & { ns: M; returnObjects?: false },
  ): string;
  (key: KeysIn<Listed<N>>, options: TranslateOptions & { returnObjects: true }): unknown;
}

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, textDirection };

// English ships in the entry; other locales load when chosen, keeping the first load small.
const lazyBundles: Record<Exclude<Locale, 'en'>, () => Promise<{ default: typeof en }>> = {
  ar: () => import('../locales/ar.json', { with: { type: 'json' } }),
};

/** The texts of the browser: English from the start, the rest as pages and languages need them. */
export const i18n = new Texts(DEFAULT_LOCALE, { en: { translation: en } });

/** The texts a component reads: the browser's, or on the server the request language's own. */
export const I18nContext = createContext<Texts>(i18n);

/**
 * The texts of one or more namespaces (the first is searched first) in the language shown; the
 * component renders again when the language changes.
 */
export function useTranslation<N extends NamespaceList = 'translation'>(namespaces?: N) {
  const texts = useContext(I18nContext);
  const language = useSyncExternalStore(
    texts.subscribe,
    () => texts.language,
    () => texts.language,
  );
  // A string, so that a list written inline in the component does not make a new t on every render.
  const listed = ([] as Namespace[]).concat(namespaces ?? 'translation').join(',');
  const t = useMemo(() => {
    const searched = listed.split(',');
    return ((key: string, options?: TranslateOptions) =>
      texts.translate(language, searched, key, options)) as TFunction<N>;
  }, [texts, language, listed]);
  return { t, i18n: texts };
}

/** Shows the page in `locale`: its texts, the document's language and direction. */
function show(locale: Locale): void {
  i18n.setLanguage(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

const namespaceFiles = import.meta.glob<{ default: TextTree }>('../locales/*/*.json');
const usedNamespaces = new Set<string>();

// The router asks for the first page's texts before initI18n has run (main.tsx starts both at once),
// and which language to load them in is known only once initI18n has read the reader's choice.
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

async function loadNamespace(locale: Locale, namespace: string): Promise<void> {
  if (i18n.has(locale, namespace)) return;
  const load = namespaceFiles[`../locales/${locale}/${namespace}.json`];
  if (!load) throw new Error(`No texts for namespace "${namespace}" in ${locale}`);
  i18n.add(locale, namespace, (await load()).default);
}

/** Loads a feature's texts in the current language and in English, the fallback. */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  // The server renderer holds every text already, in an instance of its own per language.
  if (import.meta.env.SSR) return;
  for (const namespace of namespaces) usedNamespaces.add(namespace);
  await ready;
  const current = i18n.language;
  const locales = current === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [current, DEFAULT_LOCALE];
  await Promise.all(locales.flatMap((locale) => namespaces.map((namespace) => loadNamespace(locale, namespace))));
}

async function loadBundle(locale: Locale): Promise<void> {
  await Promise.all([...usedNamespaces].map((namespace) => loadNamespace(locale, namespace)));
  if (locale === 'en' || i18n.has(locale, 'translation')) return;
  const bundle = await lazyBundles[locale]();
  i18n.add(locale, 'translation', bundle.default);
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
  show(locale);
  rememberLocale(locale);
}

export async function initI18n(): Promise<Texts> {
  // Either copy of the choice will do; both are written again, so the server and the page agree.
  const chosen = chosenLocale();
  const locale = chosen ?? DEFAULT_LOCALE;
  try {
    await loadBundle(locale);
    show(locale);
    if (chosen) rememberLocale(chosen);
  } catch (error) {
    // A bundle that fails to load leaves the page in English rather than blank.
    console.error('Failed to load locale', locale, error);
    show(DEFAULT_LOCALE);
  }
  markReady();
  return i18n;
}
