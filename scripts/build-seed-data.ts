/**
 * Builds server/db/seed/papers.jsonl.gz, the demo papers, from the shared arXiv metadata dump:
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
import { z } from 'zod';
import { SEED_PAPERS_FILE, type SeedPaper, seedPaperSchema } from '../server/db/seed/read-seed.js';

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

const sourceRecordSchema = z.object({
  arxivId: z.string(),
  version: z.number().int().min(1).nullable(),
  title: z.string(),
  abstract: z.string(),
  authors: z.array(z.string()),
  categories: z.array(z.string()),
  primaryCategory: z.string(),
  published: z.string().nullable(),
  listedOn: z.string().optional(),
  comment: z.string().optional(),
  doi: z.string().optional(),
  journalRef: z.string().optional(),
  withdrawn: z.boolean().optional(),
});
type SourceRecord = z.infer<typeof sourceRecordSchema>;

function toSeedPaper(record: SourceRecord): SeedPaper | null {
  if (record.withdrawn || !record.abstract.trim() || !record.title.trim()) return null;
  // Most records lack `published`; `listedOn`, the day arXiv announced the paper (one to a few days
  // after submission), is the closest date they have, so it stands in for the submitted date.
  const submittedDate = record.published?.slice(0, 10) ?? record.listedOn;
  if (!submittedDate) return null;
  return seedPaperSchema.parse({
    arxivId: record.arxivId,
    version: record.version ?? 1,
    title: record.title,
    abstract: record.abstract,
    authors: record.authors,
    categories: record.categories,
    primaryCategory: record.primaryCategory,
    submittedDate,
    ...(record.comment ? { comment: record.comment } : {}),
    ...(record.doi ? { doi: record.doi } : {}),
    ...(record.journalRef ? { journalRef: record.journalRef } : {}),
  });
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
    .map((line) => toSeedPaper(sourceRecordSchema.parse(JSON.parse(line))))
    .filter((paper): paper is SeedPaper => paper !== null);
  const selected = selectSeedPapers(candidates);
  if (selected.length !== SEED_SIZE) throw new Error(`selected ${selected.length} papers, expected ${SEED_SIZE}`);

  const gzipped = gzipSync(`${selected.map((paper) => JSON.stringify(paper)).join('\n')}\n`, { level: 9 });
  await writeFile(SEED_PAPERS_FILE, gzipped);
  console.log(`wrote ${selected.length} papers, ${gzipped.length} bytes, to ${SEED_PAPERS_FILE}`);
  console.log(`primary categories: ${tally(selected.map((paper) => paper.primaryCategory).sort())}`);
  console.log(`years: ${tally(selected.map((paper) => paper.submittedDate.slice(0, 4)).sort())}`);
}

await main(process.argv[2] ?? DEFAULT_SOURCE);
