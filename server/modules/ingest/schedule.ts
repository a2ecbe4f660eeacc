import { type Repetition, repeatEvery } from '../../jobs/repeat.js';
import type { Services } from '../../services.js';

/**
 * Papers fetched per run. The four default categories see a few hundred new papers a working day,
 * so a run every few hours with this many misses none, in one request.
 */
export const NEWEST_PER_RUN = 200;

/** A run's counts (`deleted`: papers skipped because an admin deleted them), or why it failed. */
export type IngestRunOutcome = { fetched: number; queued: number; deleted: number } | { error: string };

/**
 * Queues the newest papers of INGEST_CATEGORIES that the site does not know yet and no admin deleted:
 * once at start, then every INGEST_INTERVAL after the previous run ended. Null when no interval is
 * configured. A failed run is logged and the schedule goes on. Several workers may each run it:
 * queueing skips known ids.
 */
export function startIngestSchedule(
  services: Pick<Services, 'arxiv' | 'importer' | 'config' | 'log'>,
  options: { intervalMs?: number; onRun?: (outcome: IngestRunOutcome) => void } = {},
): Repetition | null {
  const { arxiv, importer, config, log } = services;
  const intervalMs = options.intervalMs ?? config.ingest.intervalMs;
  if (intervalMs === null) return null;
  const { categories } = config.ingest;

  async function run(): Promise<IngestRunOutcome> {
    try {
      const papers = await arxiv.fetchNewest(categories, NEWEST_PER_RUN);
      const counts = await importer.importPapers(
        papers.map((paper) => ({ paper })),
        { mode: 'queue' },
      );
      const outcome = { fetched: papers.length, queued: counts.added, deleted: counts.deleted };
      log.info(
        { categories, ...outcome },
        outcome.deleted > 0
          ? `ingest schedule queued new papers; skipped ${outcome.deleted} an admin deleted`
          : 'ingest schedule queued new papers',
      );
      return outcome;
    } catch (error) {
      log.warn({ err: error, categories }, 'ingest schedule run failed; the next run tries again');
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  return repeatEvery(() => run().then((outcome) => options.onRun?.(outcome)), intervalMs);
}
