import type { DeletedPapersRepo } from '../papers/admin-deleted-repo.js';
import type { PapersRepo } from '../papers/repo.js';
import type { QueueRepo } from '../queue/repo.js';
import { type Summariser, toProcessedPaper } from './processed.js';
import type { ImportEntry } from './records.js';
import type { IngestRepo } from './repo.js';

/** Queue the papers for the worker, or store them processed at once with extractive summaries. */
export type ImportMode = 'queue' | 'processed';

export interface ImportCounts {
  /** Entries read, skipped ones included. */
  read: number;
  added: number;
  /** Already papers, already queued, or repeated in the input. */
  known: number;
  /** Entries whose arXiv id an admin deleted: not imported until an admin restores it. */
  deleted: number;
  skipped: number;
  /** The first few skipped lines and why. */
  problems: string[];
}

export interface ImportOptions {
  mode: ImportMode;
  /** Called after every batch with the counts so far. */
  onProgress?: (counts: ImportCounts) => void;
  batchSize?: number;
}

const MAX_PROBLEMS = 20;
/** Large enough to amortise a transaction, small enough for either database's parameter limit. */
const DEFAULT_BATCH_SIZE = 1_000;

export function createImportService(deps: {
  ingestRepo: Pick<IngestRepo, 'knownArxivIds'>;
  deletedPapers: Pick<DeletedPapersRepo, 'deletedAmong'>;
  queueRepo: Pick<QueueRepo, 'enqueue'>;
  papersRepo: Pick<PapersRepo, 'insertMany'>;
  /** Writes the extractive summaries of processed imports; the seed shares one per abstract. */
  summarise?: Summariser;
}) {
  const { ingestRepo, deletedPapers, queueRepo, papersRepo, summarise } = deps;

  /**
   * Stores one batch's new papers, each batch in its own transaction; answers how many were new and
   * how many entries named an id an admin deleted.
   */
  async function store(
    batch: Extract<ImportEntry, { paper: unknown }>[],
    mode: ImportMode,
  ): Promise<{ added: number; deleted: number }> {
    const ids = [...new Set(batch.map((entry) => entry.paper.arxivId))];
    const [known, deleted] = await Promise.all([ingestRepo.knownArxivIds(ids), deletedPapers.deletedAmong(ids)]);
    const deletedEntries = batch.filter((entry) => deleted.has(entry.paper.arxivId)).length;
    const unique = [...new Map(batch.map((entry) => [entry.paper.arxivId, entry])).values()];
    const fresh = unique.filter((entry) => !known.has(entry.paper.arxivId) && !deleted.has(entry.paper.arxivId));
    if (mode === 'queue') {
      const queued = await queueRepo.enqueue(
        fresh.map((entry) => entry.paper),
        'back',
        new Date().toISOString(),
      );
      return { added: queued.length, deleted: deletedEntries };
    }
    await papersRepo.insertMany(
      fresh.map((entry) => toProcessedPaper(entry.paper, { synthetic: entry.synthetic, summarise })),
    );
    return { added: fresh.length, deleted: deletedEntries };
  }

  return {
    /** Imports papers in batches, skipping the ones the site already knows and the ones an admin deleted. */
    async importPapers(
      entries: AsyncIterable<ImportEntry> | Iterable<ImportEntry>,
      { mode, onProgress, batchSize = DEFAULT_BATCH_SIZE }: ImportOptions,
    ): Promise<ImportCounts> {
      const counts: ImportCounts = { read: 0, added: 0, known: 0, deleted: 0, skipped: 0, problems: [] };
      let batch: Extract<ImportEntry, { paper: unknown }>[] = [];
      const flush = async () => {
        const { added, deleted } = await store(batch, mode);
        counts.added += added;
        counts.deleted += deleted;
        counts.known += batch.length - added - deleted;
        batch = [];
        onProgress?.(counts);
      };
      for await (const entry of entries) {
        counts.read++;
        if ('skipped' in entry) {
          counts.skipped++;
          if (counts.problems.length < MAX_PROBLEMS) counts.problems.push(`line ${entry.line}: ${entry.skipped}`);
          continue;
        }
        batch.push(entry);
        if (batch.length >= batchSize) await flush();
      }
      if (batch.length > 0) await flush();
      return counts;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
