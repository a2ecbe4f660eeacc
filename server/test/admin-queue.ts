import { randomUUID } from 'node:crypto';
import { type QueueItem, queueListSchema } from '../../common/queue.js';
import { requestAs, signedInAs } from './accounts.js';
import type { TestApp } from './app.js';

/**
 * Reads the queue's first page as an admin sees it (GET /api/queue). The admin is made at the first
 * read, so the reader may be made before `target` has started.
 */
export function adminQueueReader(target: TestApp): () => Promise<QueueItem[]> {
  let admin: Promise<string> | null = null;
  return async () => {
    admin ??= signedInAs(target, 'admin', `queue-admin-${randomUUID()}@example.org`);
    return queueListSchema.parse((await requestAs(target.app, await admin, 'GET', '/api/queue')).json()).items;
  };
}
