import { z } from 'zod';
import { paperCardSchema } from './papers.js';

/**
 * A queue item's state: waiting its turn, being processed by a worker, waiting to retry after a
 * failure (backoff), or parked after too many failures until an admin retries it.
 */
export const queueItemStateSchema = z.enum(['waiting', 'processing', 'retrying', 'parked']);
export type QueueItemState = z.infer<typeof queueItemStateSchema>;

export const queueItemSchema = z.object({
  arxivId: z.string(),
  /** 1-based rank in processing order. */
  position: z.number().int(),
  title: z.string(),
  state: queueItemStateSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When a retrying item may be taken again. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** GET /api/queue?page&limit: the queue in processing order, with counts for the dashboard. */
export const queueListSchema = z.object({
  items: z.array(queueItemSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  counts: z.object({
    waiting: z.number().int(),
    processing: z.number().int(),
    retrying: z.number().int(),
    parked: z.number().int(),
    processed: z.number().int(),
  }),
});
export type QueueList = z.infer<typeof queueListSchema>;

/** GET /api/queue/search/{arxivId}: one of the three cases an admin acts on. */
export const queueSearchSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('in_queue'), item: queueItemSchema }),
  z.object({ status: z.literal('processed'), paper: paperCardSchema }),
  z.object({ status: z.literal('not_found'), arxivId: z.string() }),
]);
export type QueueSearch = z.infer<typeof queueSearchSchema>;

/** POST /api/admin/scrape. arxivId is an id or an arxiv.org URL, as an admin pastes it. */
export const scrapeBodySchema = z.object({
  arxivId: z.string().trim().min(1, 'Please enter a paper ID or URL').max(300),
  processNow: z.boolean().optional(),
  addToFront: z.boolean().optional(),
  /** Bookmark the paper for the admin: at once when it is stored, else when it has been processed. */
  addToBookmarks: z.boolean().optional(),
});
export type ScrapeBody = z.infer<typeof scrapeBodySchema>;

/** What a scrape did, and the paper as arXiv describes it (processed or not yet). */
export const scrapeAnswerSchema = z.object({
  message: z.string(),
  /** Present when addToBookmarks was asked: the paper is bookmarked, or will be once processed. */
  bookmarked: z.boolean().optional(),
  /** processing: first in line with a worker free to take it; queued_next: first, behind the paper a worker holds. */
  outcome: z.enum(['queued', 'processing', 'queued_next', 'already_processed', 'refreshed', 'already_queued']),
  paper: z.object({
    id: z.number().int().nullable(),
    arxivId: z.string(),
    version: z.number().int().min(1),
    title: z.string(),
    abstract: z.string(),
    pdfUrl: z.string(),
  }),
});
export type ScrapeAnswer = z.infer<typeof scrapeAnswerSchema>;

/** Answers of the queue actions (move-first, move-last, process-now, delete). */
export const queueActionAnswerSchema = z.object({ message: z.string() });

/**
 * What process-now did: the item is first in line and a worker is free to take it now (started), or
 * every worker is busy with another paper and it is taken next (queued_next).
 */
export const processNowOutcomeSchema = z.enum(['started', 'queued_next']);
export type ProcessNowOutcome = z.infer<typeof processNowOutcomeSchema>;

/** POST /api/queue/{arxivId}/process-now. */
export const processNowAnswerSchema = queueActionAnswerSchema.extend({ outcome: processNowOutcomeSchema });
export type ProcessNowAnswer = z.infer<typeof processNowAnswerSchema>;
