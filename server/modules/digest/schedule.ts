import { type Repetition, repeatEvery } from '../../jobs/repeat.js';
import type { Services } from '../../services.js';
import type { DigestRunCounts } from './sender.js';

/**
 * How often the worker looks for digests due. A period's mails go out within this long of its end,
 * and a failed mail's retry within this long of its wait; each look is one query when nothing is due.
 */
export const DIGEST_TICK_MS = 60 * 1000;

/**
 * Sends the digests due: once at start, then every tick after the previous run ended. Several
 * workers may each run it: a reader's period is claimed before its mail is sent. A failed run is
 * logged and the schedule goes on.
 */
export function startDigestSchedule(
  services: Pick<Services, 'digestSender' | 'log'>,
  options: { tickMs?: number; onRun?: (counts: DigestRunCounts) => void } = {},
): Repetition {
  const { digestSender, log } = services;
  return repeatEvery(
    () =>
      digestSender.runOnce().then(
        (counts) => options.onRun?.(counts),
        (error: unknown) => log.warn({ err: error }, 'digest run failed; the next run tries again'),
      ),
    options.tickMs ?? DIGEST_TICK_MS,
  );
}
