/**
 * Derives the development set's judgments (bench/search-eval/dev/headings.json) from curated paper
 * lists' READMEs, by the rules of bench/search-eval/README.md.
 *   npm run eval:dev-set -- READMES [FILE]
 * READMES: a folder holding each list's README.md at the commit lists.json names, saved as
 * `<owner>+<name>.md`. FILE: the shared arXiv papers (papers-ai.jsonl.gz).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { corpusFile, readCorpus } from './lib/corpus.js';
import { DEV_SET_DIR, type DevSetFile, deriveDevSet, type ListSource } from './lib/search-eval/dev-set.js';

const { positionals } = parseArgs({ allowPositionals: true });
const [readmes, given] = positionals;
if (!readmes) {
  console.error("Pass the folder of the lists' READMEs: npm run eval:dev-set -- READMES [FILE]");
  process.exit(1);
}
const file = corpusFile(given, 'npm run eval:dev-set -- READMES FILE');
const inCorpus = new Set((await readCorpus(file)).map((paper) => paper.arxivId));
const { lists } = JSON.parse(readFileSync(path.join(DEV_SET_DIR, 'lists.json'), 'utf8')) as { lists: ListSource[] };
const set: DevSetFile = deriveDevSet(
  lists.map((list) => ({
    list,
    readme: readFileSync(path.join(readmes, `${list.repo.replace('/', '+')}.md`), 'utf8'),
  })),
  inCorpus,
);
writeFileSync(path.join(DEV_SET_DIR, 'headings.json'), `${JSON.stringify(set, null, 1)}\n`);
for (const half of ['tune', 'check'] as const) {
  const names = set.lists.filter((list) => list.half === half).map((list) => list.repo);
  const count = set.headings.filter((heading) => names.includes(heading.list)).length;
  console.log(`${half}: ${names.length} lists, ${count} headings`);
}
