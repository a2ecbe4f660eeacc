import { parentPort } from 'node:worker_threads';
import { fitTopics, type TopicRows } from './topic-vectors.js';

/** What the thread is asked: the papers' rows, the dimensions kept and the seed of the fit. */
export interface TopicFitRequest {
  rows: TopicRows;
  dims: number;
  seed: number;
}

// One fit per thread: the answer's buffer is handed over, not copied.
parentPort?.once('message', ({ rows, dims, seed }: TopicFitRequest) => {
  const vectors = fitTopics(rows, dims, seed);
  parentPort?.postMessage(vectors, [vectors.buffer]);
});
