import { startDigestSchedule } from '../modules/digest/schedule.js';
import { startIngestSchedule } from '../modules/ingest/schedule.js';
import { startUploadSweep } from '../modules/uploads/sweep-schedule.js';
import type { Services } from '../services.js';

export interface BackgroundJobs {
  /** Stops every job; an item in progress goes back to the queue for the next worker. */
  stop(): Promise<void>;
}

/**
 * What the worker role runs (and `npm start`, beside the web server): the queue worker, the
 * background embedder (woken by each paper the worker stores), the email digest, the sweep of unused
 * uploads, and the ingest schedule when INGEST_INTERVAL is set.
 */
export function startBackgroundJobs(services: Services): BackgroundJobs {
  const embedder = services.createPaperEmbedder();
  embedder.start();
  const worker = services.createWorker({
    onSettled: ({ outcome }) => {
      if (outcome === 'completed') embedder.wake();
    },
  });
  worker.start();
  const schedule = startIngestSchedule(services);
  const digest = startDigestSchedule(services);
  const uploadSweep = startUploadSweep(services);
  return {
    async stop() {
      await Promise.all([worker.stop(), embedder.stop(), schedule?.stop(), digest.stop(), uploadSweep.stop()]);
    },
  };
}
