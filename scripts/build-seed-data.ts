/**
 * Builds server/modules/ingest/demo-papers.jsonl.gz, the demo papers, from the shared arXiv metadata
 * dump, keeping the chosen records in its format (less their provenance), which the import reads:
 *
 *   npx tsx scripts/build-seed-data.ts [path/to/papers-ai.jsonl.gz]
 *
 * The choice is deterministic (ordered by a hash of the arXiv id), spread over primary categories
 * by quota and over months round-robin, so rerunning it gives the same file.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { readRecord } from '../server/modules/ingest/records.js';
import { DEMO_PAPERS_FILE } from '../server/modules/ingest/seed.js';

const DEFAULT_SOURCE = fileURLToPath(new URL('../../shared/data/arxiv/papers-ai.jsonl.gz', import.meta.url));
const SEED_SIZE = 600;
/** Changing it picks a different, equally spread sample. */
const SELECTION_SALT = 'seed-v1';

/** Papers per primary category; the rest of SEED_SIZE goes round-robin to all other categories. */
// biome-ignore format: a compact table
const CATEGORY_QUOTAS: Record<string, number> = {
  'cs.CL': 150, 'cs.AI': 130, 'cs.CV': 110, 'cs.LG': 90, 'cs.RO': 16, 'cs.IR': 10, 'cs.HC': 8,
  'cs.CR': 8, 'cs.SE': 8, 'cs.GR': 6, 'eess.IV': 6, 'cs.NE': 6, 'cs.CY': 6, 'cs.MA': 6, 'cs.SD': 4,
  'eess.AS': 4, 'stat.ML': 4, 'cs.GT': 3, 'cs.IT': 2, 'cs.CE': 2,
};

/** A candidate: the source line as it will be written, and what the selection looks at. */
interface SeedPaper {
  arxivId: string;
  primaryCategory: string;
  submittedDate: string;
  line: string;
}

function toSeedPaper(line: string): SeedPaper | null {
  const outcome = readRecord(line);
  if (!('paper' in outcome)) return null;
  const { sources: _provenance, withdrawn: _withdrawn, ...record } = JSON.parse(line);
  return {
    arxivId: outcome.paper.arxivId,
    primaryCategory: outcome.paper.primaryCategory,
    submittedDate: outcome.paper.published.slice(0, 10),
    line: JSON.stringify(record),
  };
}

const selectionKey = (paper: SeedPaper) =>
  createHash('sha256').update(`${SELECTION_SALT}:${paper.arxivId}`).digest('hex');

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Takes one item from each group in turn, until `count` are taken or every group is empty. */
function roundRobin<T>(groups: T[][], count: number): T[] {
  const taken: T[] = [];
  for (let round = 0; taken.length < count && groups.some((group) => round < group.length); round++) {
    for (const group of groups) {
      const item = group[round];
      if (item && taken.length < count) taken.push(item);
    }
  }
  return taken;
}

/** Papers ordered so that any prefix is spread over the months, the most recent month first. */
function spreadOverMonths(papers: SeedPaper[]): SeedPaper[] {
  const byMonth = groupBy(papers, (paper) => paper.submittedDate.slice(0, 7));
  const months = [...byMonth.keys()].sort().reverse();
  const ordered = months.map((month) =>
    (byMonth.get(month) ?? []).sort((a, b) => selectionKey(a).localeCompare(selectionKey(b))),
  );
  return roundRobin(ordered, papers.length);
}

function selectSeedPapers(papers: SeedPaper[]): SeedPaper[] {
  const byCategory = groupBy(papers, (paper) => paper.primaryCategory);
  const chosen: SeedPaper[] = [];
  for (const [category, quota] of Object.entries(CATEGORY_QUOTAS)) {
    chosen.push(...spreadOverMonths(byCategory.get(category) ?? []).slice(0, quota));
  }
  const otherCategories = [...byCategory.keys()].filter((category) => !(category in CATEGORY_QUOTAS)).sort();
  const others = otherCategories.map((category) => spreadOverMonths(byCategory.get(category) ?? []));
  chosen.push(...roundRobin(others, SEED_SIZE - chosen.length));
  return chosen.sort((a, b) => a.submittedDate.localeCompare(b.submittedDate) || a.arxivId.localeCompare(b.arxivId));
}

function tally(values: string[]): string {
  const counts = groupBy(values, (value) => value);
  return [...counts].map(([value, items]) => `${value}: ${items.length}`).join(', ');
}

async function main(sourceFile: string): Promise<void> {
  const lines = gunzipSync(await readFile(sourceFile))
    .toString('utf8')
    .split('\n');
  const candidates = lines
    .filter((line) => line.trim())
    .map(toSeedPaper)
    .filter((paper): paper is SeedPaper => paper !== null);
  const selected = selectSeedPapers(candidates);
  if (selected.length !== SEED_SIZE) throw new Error(`selected ${selected.length} papers, expected ${SEED_SIZE}`);

  const gzipped = gzipSync(`${selected.map((paper) => paper.line).join('\n')}\n`, { level: 9 });
  await writeFile(DEMO_PAPERS_FILE, gzipped);
  console.log(`wrote ${selected.length} papers, ${gzipped.length} bytes, to ${DEMO_PAPERS_FILE}`);
  console.log(`primary categories: ${tally(selected.map((paper) => paper.primaryCategory).sort())}`);
  console.log(`years: ${tally(selected.map((paper) => paper.submittedDate.slice(0, 4)).sort())}`);
}

await main(process.argv[2] ?? DEFAULT_SOURCE);
