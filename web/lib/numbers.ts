import { useMemo } from 'react';
import { useTranslation } from './i18n.js';
import { formatCount } from './texts.js';

/** formatCount in the language of the page; a component using it follows a change of language. */
export function useFormatCount(): (value: number) => string {
  const locale = useTranslation().i18n.language;
  return useMemo(() => (value: number) => formatCount(value, locale), [locale]);
}
