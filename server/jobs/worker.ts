import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Completion } from '../modules/queue/processed-repo.js';
import type { ClaimedItem, QueueRepo } from '../modules/queue/repo.js';
import { LlmUnavailableError } from '../providers/llm/llm-writer.js';

export interface WorkerOptions {
  /** How long a claim holds without renewal; a dead worker's item is free again after it. */
  leaseMs: number;
  /** Wait between looks at an empty queue. */
  pollMs: number;
  /** Failures after which an item is parked. */
  maxAttempts: number;
  /** Wait before the first retry of a failed item, doubled at each further failure up to maxRetryDelayMs. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
  /** Pause after the model was found down, doubled while it stays down, up to maxRetryDelayMs. */
  unavailableDelayMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  leaseMs: 60_000,
  pollMs: 1_000,
  maxAttempts: 5,
  retryDelayMs: 30_000,
  maxRetryDelayMs: 30 * 60_000,
  unavailableDelayMs: 10_000,
};

/** How one item ended: stored, taken by another worker, failed (to retry), parked, deferred (model down), or given back at stop. */
export type ItemOutcome = Completion | 'failed' | 'parked' | 'deferred' | 'stopped';

export interface WorkerDeps {
  repo: Pick<QueueRepo, 'claim' | 'renew' | 'release' | 'fail'>;
  processPaper: (item: ClaimedItem, signal: AbortSignal) => Promise<Completion>;
  log: FastifyBaseLogger;
  options?: Partial<WorkerOptions>;
  /** Told of every item's outcome (tests and the benchmark count them). */
  onSettled?: (event: { arxivId: string; outcome: ItemOutcome; error?: string }) => void;
}

class LeaseLost extends Error {}
class Stopping extends Error {}

const MAX_ERROR_LENGTH = 1_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Takes the head of the queue and processes it, one item at a time, until stopped. While it works
 * it renews its lease; if the lease is lost (the item was removed, or taken by another worker after
 * this one stalled) it abandons the item. Failures count towards parking with growing waits between
 * tries; a model that is down counts nothing: the item is given back with the reason, and the worker
 * pauses before trying again.
 */
export function createQueueWorker({ repo, processPaper, log, options, onSettled }: WorkerDeps) {
  const settings = { ...DEFAULT_WORKER_OPTIONS, ...options };
  let running = false;
  let loop: Promise<void> | null = null;
  let current: AbortController | null = null;
  let endPause: (() => void) | null = null;

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        endPause = null;
        resolve();
      }
      endPause = done;
    });
  }

  const growing = (first: number, step: number) => Math.min(first * 2 ** (step - 1), settings.maxRetryDelayMs);

  async function settleFailure(item: ClaimedItem, error: unknown): Promise<ItemOutcome> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    if (error instanceof LlmUnavailableError) {
      await repo.release(item, message);
      return 'deferred';
    }
    const attempts = item.attempts + 1;
    const now = Date.now();
    const parked = attempts >= settings.maxAttempts;
    await repo.fail(item, message, parked ? null : iso(now + growing(settings.retryDelayMs, attempts)), iso(now));
    log.warn({ err: error, arxivId: item.arxivId, attempts }, parked ? 'queue item parked' : 'queue item failed');
    return parked ? 'parked' : 'failed';
  }

  /** Claims and processes one item; 'idle' when none was free. */
  async function runOnce(): Promise<ItemOutcome | 'idle'> {
    const now = Date.now();
    const item = await repo.claim(randomUUID(), iso(now), iso(now + settings.leaseMs));
    if (!item) return 'idle';
    const controller = new AbortController();
    current = controller;
    const heartbeat = setInterval(() => {
      repo.renew(item, iso(Date.now() + settings.leaseMs)).then(
        (held) => {
          if (!held) controller.abort(new LeaseLost());
        },
        (error: unknown) => log.warn({ err: error }, 'renewing a queue lease failed'),
      );
    }, settings.leaseMs / 3);
    let outcome: ItemOutcome;
    let failure: unknown;
    try {
      outcome = await processPaper(item, controller.signal);
    } catch (error) {
      failure = error;
      const reason: unknown = controller.signal.reason;
      if (reason instanceof LeaseLost) outcome = 'lease_lost';
      else if (reason instanceof Stopping) {
        await repo.release(item, null);
        outcome = 'stopped';
      } else outcome = await settleFailure(item, error);
    } finally {
      clearInterval(heartbeat);
      current = null;
    }
    if (outcome === 'completed') log.info({ arxivId: item.arxivId }, 'paper processed');
    onSettled?.({
      arxivId: item.arxivId,
      outcome,
      ...(failure instanceof Error ? { error: failure.message } : {}),
    });
    return outcome;
  }

  async function run(): Promise<void> {
    let downFor = 0;
    while (running) {
      let outcome: ItemOutcome | 'idle' | 'error';
      try {
        outcome = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'the queue worker could not take or settle an item');
        outcome = 'error';
      }
      if (!running) break;
      downFor = outcome === 'deferred' ? downFor + 1 : 0;
      if (outcome === 'deferred') await pause(growing(settings.unavailableDelayMs, downFor));
      else if (outcome === 'idle' || outcome === 'error') await pause(settings.pollMs);
    }
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },

    /** Looks at the queue now rather than after the pause (an admin asked for an item to be processed). */
    wake(): void {
      endPause?.();
    },

    /** Stops taking items; an item in progress is given back at once, uncounted, for the next worker. */
    async stop(): Promise<void> {
      running = false;
      endPause?.();
      current?.abort(new Stopping());
      await loop;
      loop = null;
    },

    runOnce,
  };
}

export type QueueWorker = ReturnType<typeof createQueueWorker>;
