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
