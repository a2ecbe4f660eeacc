import type { Locale } from '../../common/account-rules.js';

const ARABIC_LETTER = /\p{Script=Arabic}/u;
const LETTER = /\p{L}/u;

/**
 * True when most letters of the line are in Arabic script, so the line reads right to left.
 * Digits, punctuation and spaces do not count, and a line without letters is not Arabic.
 */
export function isArabicLine(text: string): boolean {
  let letters = 0;
  let arabicLetters = 0;
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    letters += 1;
    if (ARABIC_LETTER.test(char)) arabicLetters += 1;
  }
  return arabicLetters > 0 && arabicLetters * 2 > letters;
}

/** The non-empty lines of a text, trimmed. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * The lang and dir of a text in `language`, for text that may stand in a page of the other language:
 * a screen reader reads it in its own voice, and it is laid out in its own direction.
 */
export function inLanguage(language: Locale): { lang: Locale; dir: 'ltr' | 'rtl' } {
  return { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' };
}

/** What the site holds only in English (a paper's title, abstract and authors), on a page of any language. */
export const ENGLISH_TEXT = inLanguage('en');
