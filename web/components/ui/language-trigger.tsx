import { ChevronDown, Languages } from 'lucide-react';
import { DEFAULT_LOCALE, isLocale, type Locale, useTranslation } from '../../lib/i18n.js';

/** The code shown as each language's flag badge (SPEC §2: Arabic shows AR). */
export const FLAG_CODES: Record<Locale, string> = { en: 'EN', ar: 'AR' };

/** Each language in its own name, whatever the page's language, so a reader finds theirs. */
export const NATIVE_LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ar: 'العربية' };

export const LANGUAGE_TRIGGER_CLASS =
  'inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100';

export function useCurrentLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

/** What the language button shows, the same before and after the menu's code has loaded. */
export function LanguageTriggerFace({ locale }: { locale: Locale }) {
  return (
    <>
      <Languages className="size-4" />
      <span>{FLAG_CODES[locale]}</span>
      <ChevronDown className="size-3.5 text-slate-500" />
    </>
  );
}
