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
 * here, the numbers of the texts below included, so that two screens never differ.
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

/** The language of the texts every other language falls back to. */
export const DEFAULT_LOCALE: Locale = 'en';

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** One namespace's texts: nested objects of strings, and lists of them. */
export type TextTree = { readonly [key: string]: unknown };
/** Texts by language and namespace. */
export type Bundles = Partial<Record<Locale, Record<string, TextTree>>>;

export interface TranslateOptions {
  /** Picks the plural form (key_one, key_few, …) by the language's rules; also the {{count}} value. */
  count?: number;
  /** The namespace to look in, instead of the translator's own. */
  ns?: string;
  /** Returns the list or object at the key, its strings interpolated, instead of a string. */
  returnObjects?: boolean;
  [value: string]: unknown;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralForm(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * The keys to try, best first. A count picks the language's plural form (Arabic has zero, one, two, few,
 * many and other); an exact zero may have a text of its own in any language ("No paper carries…").
 */
function candidateKeys(key: string, locale: Locale, count: number | undefined): string[] {
  if (count === undefined) return [key];
  const forms = [`${key}_${pluralForm(locale, count)}`, key];
  return count === 0 ? [`${key}_zero`, ...forms] : forms;
}

function lookup(tree: TextTree | undefined, path: string): unknown {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as TextTree)[part];
  }
  return node;
}

/**
 * {{name}} takes the option of that name; a placeholder without a value stays, so the gap shows. A
 * number is a count, written as the page's language writes counts; an id or a year is passed as text.
 */
function interpolate(text: string, values: TranslateOptions, locale: Locale): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    return typeof value === 'number' ? formatCount(value, locale) : String(value);
  });
}

function interpolateAll(value: unknown, values: TranslateOptions, locale: Locale): unknown {
  if (typeof value === 'string') return interpolate(value, values, locale);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, values, locale));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, values, locale)]));
  return value;
}

/**
 * The texts of every loaded language and namespace, and the language shown. Components follow the
 * language through subscribe; the server keeps one unchanging instance per language.
 */
export class Texts {
  #language: Locale;
  readonly #bundles = new Map<string, TextTree>();
  readonly #listeners = new Set<() => void>();

  constructor(language: Locale, bundles: Bundles = {}) {
    this.#language = language;
    for (const [locale, namespaces] of Object.entries(bundles))
      for (const [namespace, tree] of Object.entries(namespaces)) this.add(locale as Locale, namespace, tree);
  }

  get language(): Locale {
    return this.#language;
  }

  /** The same as language: every language shown is one the site has texts for. */
  get resolvedLanguage(): Locale {
    return this.#language;
  }

  dir(): 'rtl' | 'ltr' {
    return textDirection(this.#language);
  }

  has(locale: Locale, namespace: string): boolean {
    return this.#bundles.has(`${locale}/${namespace}`);
  }

  add(locale: Locale, namespace: string, tree: TextTree): void {
    this.#bundles.set(`${locale}/${namespace}`, tree);
  }

  setLanguage(locale: Locale): void {
    if (locale === this.#language) return;
    this.#language = locale;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /**
   * The text of `key` in `locale`, else in English; the key itself when neither has it. The key may
   * name its namespace ("translation:common.tryAgain"); otherwise the namespaces are tried in order.
   */
  translate(locale: Locale, namespaces: readonly string[], key: string, options: TranslateOptions = {}): unknown {
    const separator = key.indexOf(':');
    const named = separator > 0 ? key.slice(0, separator) : undefined;
    const path = named ? key.slice(separator + 1) : key;
    const searched = named ? [named] : options.ns ? [options.ns] : namespaces;
    const locales = locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
    for (const namespace of searched)
      for (const language of locales)
        for (const candidate of candidateKeys(path, language, options.count)) {
          const found = lookup(this.#bundles.get(`${language}/${namespace}`), candidate);
          if (typeof found === 'string') return interpolate(found, options, locale);
          if (found !== undefined && found !== null && options.returnObjects)
            return interpolateAll(found, options, locale);
        }
    return path;
  }
}
