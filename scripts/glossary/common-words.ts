/**
 * Prints the English words a general research vocabulary for Arabic questions is written for: the
 * words of the corpus's titles and abstracts by the number of papers that use them, most first,
 * leaving out stop words, numbers, words of fewer than three letters and words whose stem an entry of
 * the AI glossary already gives. Each line is "word<TAB>papers", the word being the spelling of its
 * stem that papers use most.
 *
 *   npx tsx scripts/glossary/common-words.ts [papers-ai.jsonl.gz] [count]
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import glossaryFile from '../../server/modules/search/glossary/ar-en.json' with { type: 'json' };
import { termOfWord, textTokens, textWords } from '../../server/modules/search/text-tokens.js';

const corpus = process.argv[2] ?? path.resolve('../shared/data/arxiv/papers-ai.jsonl.gz');
const count = Number(process.argv[3] ?? 10000);

const covered = new Set(glossaryFile.entries.flatMap((entry) => textTokens(entry.en)));
const papersOfStem = new Map<string, number>();
const spellings = new Map<string, Map<string, number>>();

const lines = createInterface({ input: createReadStream(corpus).pipe(createGunzip()) });
for await (const line of lines) {
  const paper = JSON.parse(line) as { title: string; abstract: string };
  const seen = new Set<string>();
  for (const word of textWords(`${paper.title} ${paper.abstract}`)) {
    if (!/^[a-z]{3,}$/.test(word)) continue;
    const stem = termOfWord(word);
    if (stem === null || covered.has(stem)) continue;
    const forms = spellings.get(stem) ?? new Map<string, number>();
    forms.set(word, (forms.get(word) ?? 0) + 1);
    spellings.set(stem, forms);
    if (!seen.has(stem)) {
      seen.add(stem);
      papersOfStem.set(stem, (papersOfStem.get(stem) ?? 0) + 1);
    }
  }
}

const ranked = [...papersOfStem].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, count);
for (const [stem, papers] of ranked) {
  const forms = [...(spellings.get(stem) ?? [])].sort((a, b) => b[1] - a[1]);
  console.log(`${forms[0]?.[0] ?? stem}\t${papers}`);
}
