import type { Services } from '../../services.js';
import type { DigestRunCounts } from './sender.js';

/**
 * How often the worker looks for digests due. A period's mails go out within this long of its end,
 * and a failed mail's retry within this long of its wait; each look is one query when nothing is due.
 */
export const DIGEST_TICK_MS = 60 * 1000;

export interface DigestSchedule {
  /** Ends the schedule, after the run under way if any. */
  stop(): Promise<void>;
}

/**
 * Sends the digests due: once at start, then every tick after the previous run ended. Several
 * workers may each run it: a reader's period is claimed before its mail is sent. A failed run is
 * logged and the schedule goes on.
 */
export function startDigestSchedule(
  services: Pick<Services, 'digestSender' | 'log'>,
  options: { tickMs?: number; onRun?: (counts: DigestRunCounts) => void } = {},
): DigestSchedule {
  const { digestSender, log } = services;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const next = () => {
    current = digestSender.runOnce().then(
      (counts) => {
        options.onRun?.(counts);
        if (!stopped) timer = setTimeout(next, options.tickMs ?? DIGEST_TICK_MS);
      },
      (error: unknown) => {
        log.warn({ err: error }, 'digest run failed; the next run tries again');
        if (!stopped) timer = setTimeout(next, options.tickMs ?? DIGEST_TICK_MS);
      },
    );
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
