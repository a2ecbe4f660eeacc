import { queryOptions } from '@tanstack/react-query';
import type { ProcessNowOutcome, QueueList, QueueSearch, ScrapeAnswer } from '../../../common/queue.js';
import { apiGet, apiSend, encodePathId } from '../../lib/api-client.js';

/** Query keys of the queue screen, owned here. */
export const queueKeys = {
  all: ['admin-queue'] as const,
  list: (page: number, limit: number) => [...queueKeys.all, 'list', page, limit] as const,
};

/** How often the queue is read again while the screen is visible, to follow the worker. */
export const QUEUE_POLL_MS = 3_000;

/** GET /queue: a page of the queue with its counts, polled while visible (not in a background tab). */
export function queueListQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: queueKeys.list(page, limit),
    queryFn: ({ signal }) => apiGet<QueueList>(`/queue?page=${page}&limit=${limit}`, signal),
    staleTime: 0,
    refetchInterval: QUEUE_POLL_MS,
  });
}

/** GET /queue/search/{arxivId}: in queue, already processed, or not found. */
export function searchQueue(arxivId: string): Promise<QueueSearch> {
  return apiGet<QueueSearch>(`/queue/search/${encodePathId(arxivId)}`);
}

export type QueueAction = 'move-first' | 'move-last' | 'process-now' | 'remove';

/** The actions on a queued paper; each answers a message, and process-now whether it started. */
export function runQueueAction(
  arxivId: string,
  action: QueueAction,
): Promise<{ message: string; outcome?: ProcessNowOutcome }> {
  const path = `/queue/${encodePathId(arxivId)}`;
  if (action === 'remove') return apiSend('DELETE', path);
  if (action === 'process-now') return apiSend('POST', `${path}/process-now`);
  return apiSend('PUT', `${path}/${action}`);
}

export type ScrapeMode = 'process-now' | 'front' | 'back';

/**
 * POST /admin/scrape for a paper not found: processed now, or queued at the front or the back;
 * bookmarked for the admin once processed when asked.
 */
export function scrapeIntoQueue(arxivId: string, mode: ScrapeMode, addToBookmarks: boolean): Promise<ScrapeAnswer> {
  return apiSend<ScrapeAnswer>('POST', '/admin/scrape', {
    arxivId,
    processNow: mode === 'process-now',
    addToFront: mode === 'front',
    ...(addToBookmarks && { addToBookmarks }),
  });
}
