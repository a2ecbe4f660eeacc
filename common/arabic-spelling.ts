/**
 * Spellings one Arabic writer uses where another writes the other: the alef forms (hamza below,
 * madda and wasla, beside the hamza above that NFKD already takes off), final ya without dots, ta
 * marbuta, Persian kaf and ya, and Arabic-Indic digits. Tatweel, which only stretches a line, goes.
 */
const SAME_LETTER: Record<string, string> = {
  '\u0671': '\u0627', // ٱ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0649': '\u064a', // ى → ي
  '\u0629': '\u0647', // ة → ه
  '\u06a9': '\u0643', // ک → ك
  '\u06cc': '\u064a', // ی → ي
  '\u0640': '', // tatweel
};
const DIFFERENT_SPELLINGS = /[\u0671\u0622\u0623\u0625\u0649\u0629\u06a9\u06cc\u0640]/gu;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/gu;
const MARKS = /\p{M}/gu;

/** An Arabic word as one spelling: the forms above made one, vowel marks (harakat, shadda) removed. */
export function normaliseArabic(word: string): string {
  return word
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(DIFFERENT_SPELLINGS, (letter) => SAME_LETTER[letter] ?? letter)
    .replace(ARABIC_INDIC_DIGIT, (digit) => String((digit.codePointAt(0) as number) & 0xf));
}
