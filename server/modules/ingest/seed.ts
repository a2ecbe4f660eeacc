import type { DbHandle } from '../../db/connect.js';
import { PROJECT_ROOT } from '../../paths.js';
import type { ArxivPaper } from '../../providers/arxiv/types.js';
import { summariseExtractive } from '../../providers/summary/extractive.js';
import { createDeletedPapersRepo } from '../papers/admin-deleted-repo.js';
import { createPapersRepo } from '../papers/repo.js';
import { createQueueRepo } from '../queue/repo.js';
import type { Summariser } from './processed.js';
import { openLineFile } from './read-lines.js';
import { type ImportEntry, importEntries } from './records.js';
import { createIngestRepo } from './repo.js';
import { createImportService } from './service.js';

/**
 * The demo papers, real arXiv metadata (CC0) chosen by scripts/build-seed-data.ts. Found from the
 * project root, so the compiled server in dist/ reads the same file without a copy step.
 */
export const DEMO_PAPERS_FILE = `${PROJECT_ROOT}server/modules/ingest/demo-papers.jsonl.gz`;
export const DEMO_PAPER_COUNT = 600;

/** Every paper of the demo file, in its order; the bundled file must be valid throughout. */
export async function readDemoPapers(file: string = DEMO_PAPERS_FILE): Promise<ArxivPaper[]> {
  const papers: ArxivPaper[] = [];
  for await (const entry of importEntries((await openLineFile(file)).lines())) {
    if ('skipped' in entry) throw new Error(`${file}:${entry.line}: ${entry.skipped}`);
    papers.push(entry.paper);
  }
  return papers;
}

/**
 * Synthetic ids live in the 99MM.NNNNN range (the year 2099), which no real arXiv paper has, so a
 * synthetic variant can never collide with a real paper scraped later.
 */
function syntheticArxivId(index: number): string {
  const month = String((Math.floor(index / 99_999) % 12) + 1).padStart(2, '0');
  const number = String((index % 99_999) + 1).padStart(5, '0');
  return `99${month}.${number}`;
}

function daysEarlier(isoDateTime: string, days: number): string {
  const date = new Date(isoDateTime);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().replace('.000Z', 'Z');
}

/**
 * The n-th synthetic variant: a real paper's text under a marked title, an older date and a 99MM id.
 * Its source's DOI and journal reference name the real paper, so the variant has none.
 */
function syntheticVariant(real: ArxivPaper[], index: number): ArxivPaper {
  const source = real[index % real.length] as ArxivPaper;
  const round = Math.floor(index / real.length) + 1;
  const published = daysEarlier(source.published, round * 3);
  return {
    ...source,
    arxivId: syntheticArxivId(index),
    title: `[Synthetic ${round}] ${source.title}`,
    published,
    updated: published,
    doi: null,
    journalRef: null,
  };
}

function* seedOrder(real: ArxivPaper[], count: number): Generator<ImportEntry> {
  for (let i = 0; i < count; i++)
    yield i < real.length
      ? { paper: real[i] as ArxivPaper }
      : { paper: syntheticVariant(real, i - real.length), synthetic: true };
}

/** A variant shares its source's abstract, and so its summary, which is written once. */
function summaryPerAbstract(): Summariser {
  const summaries = new Map<string, ReturnType<Summariser>>();
  return (input) => {
    const known = summaries.get(input.abstract);
    if (known) return known;
    const summary = summariseExtractive(input);
    summaries.set(input.abstract, summary);
    return summary;
  };
}

/**
 * Makes the database hold the first `count` papers of the seed order: the real papers of the demo
 * file first, then synthetic variants, imported as processed. Papers already known are kept, so
 * seeding again is safe, and papers an admin deleted stay deleted. Answers how many papers were added.
 */
export async function seedPapers(handle: DbHandle, count: number, file?: string): Promise<number> {
  const importer = createImportService({
    ingestRepo: createIngestRepo(handle.db),
    deletedPapers: createDeletedPapersRepo(handle.db),
    queueRepo: createQueueRepo(handle),
    papersRepo: createPapersRepo(handle),
    summarise: summaryPerAbstract(),
  });
  const real = await readDemoPapers(file);
  const { added } = await importer.importPapers(seedOrder(real, count), { mode: 'processed' });
  return added;
}
