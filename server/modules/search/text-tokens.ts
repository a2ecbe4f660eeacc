import { stemmer } from 'stemmer';
import { ARABIC_SCRIPT, arabicTerm } from './arabic-words.js';

/**
 * Words that tell papers apart by nothing: nearly every abstract has them. They are left out of the
 * index and of questions alike.
 */
const STOP_WORDS = new Set(
  (
    'a about above after all also an and any are as at be been being but by can could did do does for from ' +
    'had has have how i if in into is it its me more most my no not of on or our over paper papers so such ' +
    'than that the their them then there these they this those through to under up us using via was we were ' +
    'what when where which while who whom why will with within without would you your'
  ).split(' '),
);

const NOT_WORD = /[^\p{L}\p{N}]+/u;
const LATIN_WORD = /^[a-z]+$/;
const MARKS = /\p{M}/gu;
const NOT_ASCII = /[^\p{ASCII}]/u;

/**
 * A run of Arabic letters (tatweel, which only stretches a line, among them), or of any others: an
 * Arabic "and" or "the" written onto a Latin name ("وllama", "الـLLM").
 */
const SCRIPT_RUNS = /[\p{Script=Arabic}\u0640]+|[^\p{Script=Arabic}\u0640]+/gu;

/**
 * A text's runs of letters and digits, lower-cased and without accents or vowel marks (Arabic's
 * harakat included), in order, a run split where Arabic letters meet others. `GPT-4o` gives "gpt"
 * and "4o", "وGPT" "و" and "gpt".
 */
export function textWords(text: string): string[] {
  if (!NOT_ASCII.test(text))
    return text
      .toLowerCase()
      .split(NOT_WORD)
      .filter((word) => word !== '');
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .split(NOT_WORD)
    .flatMap((word) => (ARABIC_SCRIPT.test(word) ? (word.match(SCRIPT_RUNS) ?? []) : word === '' ? [] : [word]));
}

/**
 * A word's index term: an English word's Porter stem ("models", "modelling" → "model"), an Arabic
 * word's light stem in one spelling ("النماذج اللغوية" → "نماذج", "لغو"), null for a stop word.
 */
export function termOfWord(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  if (LATIN_WORD.test(word)) return stemmer(word);
  return ARABIC_SCRIPT.test(word) ? arabicTerm(word) : word;
}

/**
 * The index terms of a text, in order, repeats kept. Papers and questions go through these
 * functions alike, so they meet on the same terms.
 */
export function textTokens(text: string): string[] {
  return textWords(text).flatMap((word) => termOfWord(word) ?? []);
}
