import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageMenu as LanguageMenuComponent } from './language-menu.js';
import { FLAG_CODES, LANGUAGE_TRIGGER_CLASS, LanguageTriggerFace, useCurrentLocale } from './language-trigger.js';

type LanguageMenuType = typeof LanguageMenuComponent;

let loadedMenu: LanguageMenuType | null = null;
let menuLoading: Promise<LanguageMenuType> | null = null;

function loadLanguageMenu(): Promise<LanguageMenuType> {
  menuLoading ??= import('./language-menu.js').then((module) => {
    loadedMenu = module.LanguageMenu;
    return module.LanguageMenu;
  });
  return menuLoading;
}

/**
 * The language button. The Radix menu behind it weighs a fifth of the page budget, so its code
 * loads when the reader points at, focuses or presses the button, and then takes the button's place.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useCurrentLocale();
  const [Menu, setMenu] = useState<LanguageMenuType | null>(() => loadedMenu);
  const [openOnMount, setOpenOnMount] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const placeholderRef = useRef<HTMLButtonElement>(null);

  if (Menu) return <Menu openOnMount={openOnMount} focusOnMount={focusOnMount} />;

  const load = () => {
    loadLanguageMenu()
      .then((component) => {
        setFocusOnMount(document.activeElement === placeholderRef.current);
        setMenu(() => component);
      })
      .catch((error: unknown) => console.error('Failed to load the language menu', error));
  };

  return (
    <button
      ref={placeholderRef}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={t('language.change', { code: FLAG_CODES[current] })}
      className={LANGUAGE_TRIGGER_CLASS}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenOnMount(true);
        load();
      }}
    >
      <LanguageTriggerFace locale={current} />
    </button>
  );
}
