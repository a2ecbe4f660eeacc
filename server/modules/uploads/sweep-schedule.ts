import { type Repetition, repeatEvery } from '../../jobs/repeat.js';
import type { Services } from '../../services.js';
import type { SweepCounts } from './service.js';

/** How often the worker sweeps the uploads: an unused image outlives its day by at most this long. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes the images no comment shows and the leftovers of uploads cut short, once they are a day
 * old: once at start, then every interval after the previous sweep ended. Several workers may each
 * run it: an image's row is removed by one statement, and removing a file that is gone does nothing.
 * A failed sweep is logged and the schedule goes on.
 */
export function startUploadSweep(
  services: Pick<Services, 'uploads' | 'log'>,
  options: { intervalMs?: number; clock?: () => Date; onRun?: (counts: SweepCounts) => void } = {},
): Repetition {
  const { uploads, log } = services;
  const clock = options.clock ?? (() => new Date());
  return repeatEvery(
    () =>
      uploads.sweep(clock()).then(
        (counts) => {
          if (counts.images > 0 || counts.partFiles > 0) log.info(counts, 'unused uploads removed');
          options.onRun?.(counts);
        },
        (error: unknown) => log.warn({ err: error }, 'upload sweep failed; the next sweep tries again'),
      ),
    options.intervalMs ?? UPLOAD_SWEEP_INTERVAL_MS,
  );
}
