import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizedAddress } from '../../../common/localized-address.js';
import { changeLocale, isLocale, LOCALES, type Locale, textDirection, useTranslation } from '../../lib/i18n.js';
import {
  FLAG_CODES,
  LANGUAGE_TRIGGER_CLASS,
  LanguageTriggerFace,
  NATIVE_LANGUAGE_NAMES,
  useCurrentLocale,
} from './language-trigger.js';

function FlagCode({ locale }: { locale: Locale }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-5 min-w-7 items-center justify-center rounded bg-slate-200 px-1 text-[11px] font-bold tracking-wide text-slate-800"
    >
      {FLAG_CODES[locale]}
    </span>
  );
}

/** The switcher's choice: the language, then the page's address in it, in place of the current entry. */
function useChooseLanguage(): (locale: Locale) => Promise<void> {
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

export interface LanguageMenuProps {
  /** The reader already asked for the menu while its code was loading. */
  openOnMount: boolean;
  /** The placeholder button had the focus, so this trigger takes it over. */
  focusOnMount: boolean;
}

/** Language menu: Radix gives focus handling, arrow keys, Escape and closing on an outside click. */
export function LanguageMenu({ openOnMount, focusOnMount }: LanguageMenuProps) {
  const { t } = useTranslation();
  const current = useCurrentLocale();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const chooseLanguage = useChooseLanguage();

  // Only the first render counts: the props describe the moment this menu replaced its placeholder.
  const takesFocus = useRef(focusOnMount && !openOnMount);
  useEffect(() => {
    if (takesFocus.current) triggerRef.current?.focus();
  }, []);

  const choose = (value: string) => {
    if (!isLocale(value) || value === current) return;
    chooseLanguage(value).catch((error: unknown) => console.error('Failed to change language', error));
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={openOnMount} dir={textDirection(current)}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        aria-label={t('language.change', { code: FLAG_CODES[current] })}
        className={LANGUAGE_TRIGGER_CLASS}
      >
        <LanguageTriggerFace locale={current} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-600">
            {t('language.menuLabel')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current} onValueChange={choose}>
            {LOCALES.map((locale) => (
              <DropdownMenu.RadioItem
                key={locale}
                value={locale}
                className="flex items-center gap-2.5 rounded-lg px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900"
              >
                <FlagCode locale={locale} />
                <span lang={locale} className="flex-1">
                  {NATIVE_LANGUAGE_NAMES[locale]}
                </span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4 text-indigo-700" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
