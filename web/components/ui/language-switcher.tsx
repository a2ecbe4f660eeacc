import { useTranslation } from '../../lib/i18n.js';
import { FLAG_CODES, LANGUAGE_TRIGGER_CLASS, LanguageTriggerFace, useCurrentLocale } from './language-trigger.js';
import { lazyMenuLoader, useLazyMenu } from './lazy-menu.js';

const languageMenu = lazyMenuLoader(async () => (await import('./language-menu.js')).LanguageMenu);

/** The language button; its menu's code loads on first interest (see useLazyMenu). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useCurrentLocale();
  const { Menu, menuProps, triggerProps } = useLazyMenu(languageMenu, 'language menu');
  if (Menu) return <Menu {...menuProps} />;
  return (
    <button
      {...triggerProps}
      aria-label={t('language.change', { code: FLAG_CODES[current] })}
      className={LANGUAGE_TRIGGER_CLASS}
    >
      <LanguageTriggerFace locale={current} />
    </button>
  );
}
