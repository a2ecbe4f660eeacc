import { once } from 'node:events';
import { startModuleThread } from '../../providers/module-thread.js';
import type { TopicFitRequest } from './topic-fit-thread.js';

/**
 * `fitTopics` on a thread of its own, so that a web process keeps answering for the seconds a fit
 * takes; the thread ends with its answer, or with its error, which rejects.
 */
export async function fitTopicsOffThread(request: TopicFitRequest): Promise<Float32Array<ArrayBuffer>> {
  const thread = startModuleThread(import.meta.url, 'topic-fit-thread');
  try {
    const answered = once(thread, 'message');
    thread.postMessage(request, [
      request.rows.offsets.buffer,
      request.rows.columns.buffer,
      request.rows.weights.buffer,
    ]);
    const [vectors] = (await answered) as [Float32Array<ArrayBuffer>];
    return vectors;
  } finally {
    await thread.terminate();
  }
}
