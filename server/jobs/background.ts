import { startDigestSchedule } from '../modules/digest/schedule.js';
import { startIngestSchedule } from '../modules/ingest/schedule.js';
import type { Services } from '../services.js';

export interface BackgroundJobs {
  /** Stops every job; an item in progress goes back to the queue for the next worker. */
  stop(): Promise<void>;
}

/**
 * What the worker role runs (and `npm start`, beside the web server): the queue worker, the email
 * digest, and the ingest schedule when INGEST_INTERVAL is set.
 */
export function startBackgroundJobs(services: Services): BackgroundJobs {
  const worker = services.createWorker();
  worker.start();
  const schedule = startIngestSchedule(services);
  const digest = startDigestSchedule(services);
  return {
    async stop() {
      await Promise.all([worker.stop(), schedule?.stop(), digest.stop()]);
    },
  };
}
