/**
 * Writes server/modules/search/glossary/ar-en-freedict.json, the third list an Arabic question is
 * read by, from FreeDict's Arabic-English and English-Arabic dictionaries (Arabeyes.org word lists,
 * GPL-2.0-or-later; Debian: `apt-get install dict-freedict-ara-eng dict-freedict-eng-ara`), by rules:
 *
 * - a pair is an Arabic spelling and one English sense, from either direction; a sense is kept when
 *   it is one or two English words of three letters or more, not hyphenated, that papers of the
 *   shared corpus use (each word, as written, in the titles and abstracts of at least MIN_PAPERS
 *   papers), so "Aquiline", "Sluing" and "ink-eraser" go;
 * - a spelling is kept when, written as the search writes it (alef forms, ta marbuta, vowel marks),
 *   it is one to three Arabic words, none a stop word, its stems of three letters or more, and
 *   neither ar-en.json nor ar-en-words.json gives it (those files win);
 * - a spelling keeps at most MAX_SENSES senses, those most papers use: the dictionaries list senses
 *   in no order of use (الرموز: codes, symbols, tokens; أنواع: brands), and the sense papers use
 *   most is the one an AI question most likely means.
 *
 *   npx tsx scripts/glossary/freedict.ts [papers-ai.jsonl.gz] [dictd folder]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { corpusPapers, DEFAULT_CORPUS } from '../../bench/lib/corpus.js';
import { glossaryKey } from '../../server/modules/search/arabic-glossary.js';
import { ARABIC_SCRIPT } from '../../server/modules/search/arabic-words.js';
import glossaryFile from '../../server/modules/search/glossary/ar-en.json' with { type: 'json' };
import everydayWordsFile from '../../server/modules/search/glossary/ar-en-words.json' with { type: 'json' };
import { termOfWord, textWords } from '../../server/modules/search/text-tokens.js';

const corpus = process.argv[2] ?? DEFAULT_CORPUS;
const dictd = process.argv[3] ?? '/usr/share/dictd';
const output = path.resolve('server/modules/search/glossary/ar-en-freedict.json');

/** The fewest papers whose titles and abstracts use a word for it to count as a research word. */
const MIN_PAPERS = 5;
/** The most English senses one Arabic spelling is read as. */
const MAX_SENSES = 2;
/** The fewest letters of an Arabic stem: a two-letter stem is what many longer words shrink to. */
const MIN_STEM_LETTERS = 3;

/** Harakat, shadda, sukun, the dagger alef and tatweel: a dictionary writes them, a question seldom does. */
const VOWEL_MARKS = /[\u064b-\u0652\u0670\u0640]/gu;

const DICTD_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const dictdNumber = (digits: string) => [...digits].reduce((n, digit) => n * 64 + DICTD_DIGITS.indexOf(digit), 0);

/** Each headword of a dictd dictionary with the lines of its definition (the headword's line left out). */
function* dictdEntries(name: string): Generator<{ headword: string; senses: string[] }> {
  const text = gunzipSync(readFileSync(path.join(dictd, `freedict-${name}.dict.dz`)));
  for (const line of readFileSync(path.join(dictd, `freedict-${name}.index`), 'utf8').split('\n')) {
    const [headword, offset, length] = line.split('\t');
    if (!headword || !offset || !length || headword.startsWith('00database')) continue;
    const start = dictdNumber(offset);
    const [, ...lines] = text
      .subarray(start, start + dictdNumber(length))
      .toString('utf8')
      .trim()
      .split('\n');
    const senses = lines.flatMap((sense) => sense.replace(/^\s*\d+\.\s*/, '').split(/[,;،؛]/u));
    yield { headword: headword.trim(), senses: senses.map((sense) => sense.trim()).filter(Boolean) };
  }
}

/** The words papers use in their titles and abstracts, as written, with the number of papers using each. */
async function papersOfWords(): Promise<Map<string, number>> {
  const papers = new Map<string, number>();
  for await (const paper of corpusPapers(corpus)) {
    for (const word of new Set(textWords(`${paper.title} ${paper.abstract}`)))
      papers.set(word, (papers.get(word) ?? 0) + 1);
  }
  return papers;
}

const papersOfWord = await papersOfWords();

/** An English sense as the glossary keeps it, or null when it is not one or two research words. */
function researchEnglish(sense: string): string | null {
  const words = sense
    .replace(/\(.*?\)/g, '')
    .trim()
    .toLowerCase()
    .split(/\s+/);
  if (words.length > 2 || !words.every((word) => /^[a-z]{3,}$/.test(word))) return null;
  const known = words.every((word) => termOfWord(word) !== null && (papersOfWord.get(word) ?? 0) >= MIN_PAPERS);
  return known ? words.join(' ') : null;
}

/** The stems of an Arabic spelling joined, as the glossary matches it, or null when it is not one the rules keep. */
function arabicKey(spelling: string): string | null {
  const words = textWords(spelling);
  if (words.length === 0 || words.length > 3 || !words.every((word) => ARABIC_SCRIPT.test(word))) return null;
  if (!/^[\u0621-\u064a\s]+$/u.test(words.join(' '))) return null;
  const stems = words.map(termOfWord);
  if (stems.some((stem) => stem === null || stem.length < MIN_STEM_LETTERS)) return null;
  return glossaryKey(spelling);
}

const givenAlready = new Set(
  [...glossaryFile.entries, ...everydayWordsFile.entries].flatMap((entry) => entry.ar.map(glossaryKey)),
);

/** The senses of each spelling (by the glossary's key), from both dictionaries. */
const spellings = new Map<string, { written: string; senses: Set<string> }>();

function addPair(arabic: string, sense: string): void {
  const written = arabic.replace(VOWEL_MARKS, '').replace(/\s+/g, ' ').trim();
  const key = arabicKey(written);
  const english = researchEnglish(sense);
  if (key === null || english === null || givenAlready.has(key)) return;
  const spelling = spellings.get(key) ?? { written, senses: new Set<string>() };
  spelling.senses.add(english);
  spellings.set(key, spelling);
}

for (const { headword, senses } of dictdEntries('eng-ara')) {
  const english = headword.replace(/\s*\/.*$/, '');
  for (const arabic of senses) addPair(arabic, english);
}
for (const { headword, senses } of dictdEntries('ara-eng')) {
  for (const english of senses) addPair(headword, english);
}

/** How many papers use a sense: those using its rarest word. */
const papersOfSense = (english: string) => Math.min(...english.split(' ').map((word) => papersOfWord.get(word) ?? 0));

const arabicOf = new Map<string, string[]>();
for (const { written, senses } of spellings.values()) {
  const used = [...senses].sort((a, b) => papersOfSense(b) - papersOfSense(a) || a.localeCompare(b));
  for (const english of used.slice(0, MAX_SENSES)) arabicOf.set(english, [...(arabicOf.get(english) ?? []), written]);
}

const entries = [...arabicOf]
  .sort((a, b) => a[0].localeCompare(b[0]))
  .map(([en, ar]) => ({ en, ar: ar.sort((a, b) => a.localeCompare(b, 'ar')) }));
const file = {
  about:
    "Arabic spellings of research words from FreeDict's Arabic-English and English-Arabic dictionaries, read after ar-en.json and ar-en-words.json (which win where they give a spelling); made by scripts/glossary/freedict.ts, whose rules keep only English senses papers of the shared corpus use.",
  source: 'FreeDict ara-eng and eng-ara 0.6.3 (Arabeyes.org word lists), https://freedict.org/',
  licence:
    'GPL-2.0-or-later, as the dictionaries it is derived from (glossary/NOTICE, glossary/COPYING-GPL-2.0); the rest of the glossary is not derived from it.',
  entries,
};
writeFileSync(output, JSON.stringify(file));
// Written as the repository's formatter writes JSON, so that the lint stays clean.
execFileSync('npx', ['biome', 'format', '--write', output], { stdio: 'ignore' });
console.log(
  `${entries.length} English words, ${entries.reduce((n, entry) => n + entry.ar.length, 0)} Arabic spellings → ${output}`,
);
