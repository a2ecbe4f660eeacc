import { normaliseArabic } from '../../../common/arabic-spelling.js';
import glossaryFile from './glossary/ar-en.json' with { type: 'json' };
import dictionaryWordsFile from './glossary/ar-en-freedict.json' with { type: 'json' };
import everydayWordsFile from './glossary/ar-en-words.json' with { type: 'json' };
import { termOfWord, textWords } from './text-tokens.js';

/** An English term and the Arabic spellings that name it. */
export interface GlossaryEntry {
  en: string;
  ar: string[];
}

/** What the glossary made of a text: the English it found, the Arabic words it translated, the rest. */
export interface GlossaryReading {
  english: string[];
  /** How many English senses each phrase of `english` reads as. */
  senses: number[];
  /** The words of the translated phrases (without the letter "and", "by" or "to" a match took off). */
  translated: string[];
  /** Words no entry matched, Arabic and other, in order. */
  untranslated: string[];
}

interface Node {
  next: Map<string, Node>;
  /** The English of the spellings that end here. */
  en?: string[];
}

/** A word and its index term: phrases are matched term by term, so spellings and endings do not matter. */
interface Token {
  word: string;
  term: string;
}

/**
 * Letters an Arabic writer attaches to a word without the article: "and", "so", then "by", "to",
 * "as" ("ولتحسين"). Taken off only to find a word in the glossary that is not there as written.
 */
const ATTACHED = /^(?:[وف][بلك]|[وفبلك])/u;
/** The fewest letters a word keeps once an attached letter is taken off. */
const MIN_LEFT = 3;

/**
 * Particles that negate the word after them ("لا خطي", nonlinear; "لم يستكشف", unexplored): stop
 * words to the index, but a term of a glossary phrase, so that "خطي" alone reads "linear" only.
 */
const NEGATIONS = new Set(['لا', 'لم', 'لن']);

/** A word's term as the glossary matches it: the index's term, a negation kept. */
function glossaryTerm(word: string): string | null {
  const plain = normaliseArabic(word);
  return NEGATIONS.has(plain) ? plain : termOfWord(word);
}

/** The terms a glossary phrase is matched by, in order. */
function termsOf(phrase: string): string[] {
  return textWords(phrase).flatMap((word) => glossaryTerm(word) ?? []);
}

/** A phrase as the glossary matches it: two spellings with one key read alike. */
export function glossaryKey(phrase: string): string {
  return termsOf(phrase).join(' ');
}

/**
 * Forms a glossary lists where a question inflects the word, as normalised spellings: the
 * accusative's alef taken off ("نموذجا صغيرا", "اصطناعيا"), a feminine dual read as its singular
 * ("شفتين" as "شفه"), a verb of another person read as the third ("تتغير", "نجعل" as "يتغير",
 * "يجعل") and without its plural ending ("يستخرجوا" as "يستخرج"); a sound plural that lost its nun
 * before the noun it belongs to ("باحثو", "ذاتيو" as "باحثون", "ذاتيون"); a noun with an attached
 * pronoun, its ta marbuta written ta before it ("معالجتها" as "معالجه"), and other words without the
 * pronouns the light stem keeps ("نماذجهم", "بياناتنا").
 */
const INFLECTIONS: [RegExp, string][] = [
  [/^(.{3,})ا$/u, '$1'],
  [/^(.{2,})ت(?:ين|ان)$/u, '$1ه'],
  [/^[تن](.{3,})$/u, 'ي$1'],
  [/^(ي.{3,})(?:وا|ون)$/u, '$1'],
  [/^(.{3,})و$/u, '$1ون'],
  [/^(.{2,})ت(?:هما|هم|هن|ها|ه|نا|كم)$/u, '$1ه'],
  [/^(.{3,})(?:هما|هم|هن|نا|كما|كم)$/u, '$1'],
];

/**
 * The ways a word may be read: as written, then without the letters attached to it, each also as
 * the forms above. The glossary's walk takes the longest phrase any reading finds, the word as
 * written first among equals.
 */
function readings(word: string): Token[] {
  const term = glossaryTerm(word);
  const found: Token[] = term === null ? [] : [{ word, term }];
  const add = (form: string) => {
    const formTerm = form.length >= MIN_LEFT ? termOfWord(form) : null;
    if (formTerm !== null && !found.some((token) => token.term === formTerm))
      found.push({ word: form, term: formTerm });
  };
  const plain = normaliseArabic(word);
  const attached = ATTACHED.exec(plain)?.[0] ?? '';
  const forms = [plain];
  for (let length = attached.length; length >= 1; length--) forms.push(plain.slice(length));
  for (const form of forms) {
    if (form !== plain) add(form);
    for (const [pattern, replacement] of INFLECTIONS) if (pattern.test(form)) add(form.replace(pattern, replacement));
  }
  return found;
}

/**
 * A glossary of Arabic terms with their English: phrases are found before the words they hold
 * (the longest match wins), term by term, so "النماذج اللغوية الكبيرة" and "نموذج لغوي كبير" are
 * found alike. Where one list gives a spelling several English words (synonyms), it reads as all of
 * them; where an earlier list gives it too, the earlier list's English stands alone.
 */
export function createGlossary(...lists: readonly (readonly GlossaryEntry[])[]) {
  const root: Node = { next: new Map() };
  for (const entries of lists) {
    const fromThisList = new Set<Node>();
    for (const { en, ar } of entries) {
      for (const phrase of ar) {
        const terms = termsOf(phrase);
        if (terms.every((term) => NEGATIONS.has(term))) continue;
        let node = root;
        for (const term of terms) {
          let next = node.next.get(term);
          if (!next) {
            next = { next: new Map() };
            node.next.set(term, next);
          }
          node = next;
        }
        if (node.en === undefined) {
          node.en = [en];
          fromThisList.add(node);
        } else if (fromThisList.has(node) && !node.en.includes(en)) {
          node.en.push(en);
        }
      }
    }
  }

  return {
    /** The English of the phrases and words of `text` the glossary knows, and the words it does not. */
    read(text: string): GlossaryReading {
      const words = textWords(text).filter((word) => glossaryTerm(word) !== null);
      const options = words.map(readings);
      const reading: GlossaryReading = { english: [], senses: [], translated: [], untranslated: [] };
      for (let start = 0; start < words.length; ) {
        let best: { end: number; en: string; senses: number; words: string[] } | null = null;
        const walk = (at: number, node: Node, used: string[]) => {
          if (node.en !== undefined && at > start && (best === null || at > best.end)) {
            best = { end: at, en: node.en.join(' '), senses: node.en.length, words: used };
          }
          for (const option of options[at] ?? []) {
            const next = node.next.get(option.term);
            if (next) walk(at + 1, next, [...used, option.word]);
          }
        };
        walk(start, root, []);
        const found = best as { end: number; en: string; senses: number; words: string[] } | null;
        if (found) {
          reading.english.push(found.en);
          reading.senses.push(found.senses);
          reading.translated.push(...found.words);
          start = found.end;
        } else {
          reading.untranslated.push(words[start] as string);
          start += 1;
        }
      }
      return reading;
    },
  };
}

export type Glossary = ReturnType<typeof createGlossary>;

let shippedGlossary: Glossary | null = null;

/**
 * The glossary kept in the repository: the AI terms (glossary/ar-en.json), then the everyday words of
 * papers (glossary/ar-en-words.json), then the research words of FreeDict's dictionaries
 * (glossary/ar-en-freedict.json, GPL-2.0-or-later, glossary/NOTICE); an earlier list wins a
 * spelling. Its tree (about 11 MB, half a second to build) is built at the first Arabic question, so
 * a process that is asked none never holds it.
 */
export const arabicGlossary: Glossary = {
  read(text) {
    shippedGlossary ??= createGlossary(glossaryFile.entries, everydayWordsFile.entries, dictionaryWordsFile.entries);
    return shippedGlossary.read(text);
  },
};
