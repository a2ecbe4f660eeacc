import type { AuditAction } from '../../../common/audit-rules.js';
import { paperCardSchema } from '../../../common/papers.js';
import type {
  ProcessNowAnswer,
  ProcessNowOutcome,
  QueueItem,
  QueueItemState,
  QueueList,
  QueueSearch,
} from '../../../common/queue.js';
import { toIso } from '../../db/connect.js';
import { notFound } from '../../errors.js';
import type { ArxivPaper } from '../../providers/arxiv/types.js';
import type { AuditRecord } from '../audit/repo.js';
import type { PapersRepo } from '../papers/repo.js';
import type { PapersService } from '../papers/service.js';
import type { ProcessedRepo } from './processed-repo.js';
import type { QueueRepo, QueueRow } from './repo.js';

export interface QueueServiceDeps {
  repo: Pick<QueueRepo, 'find' | 'page' | 'countByState' | 'moveFirst' | 'moveLast' | 'remove' | 'leasedIds'>;
  processed: Pick<ProcessedRepo, 'findPaper'>;
  papers: Pick<PapersService, 'detail'>;
  papersRepo: Pick<PapersRepo, 'stats'>;
  /** Tells the workers of this process to look at the queue now. */
  wakeWorkers: () => void;
}

/** The queue messages an admin sees. */
export const QUEUE_MESSAGES = {
  movedFirst: 'Paper moved to first position successfully',
  movedLast: 'Paper moved to last position successfully',
  processing: 'Paper processing started successfully',
  queuedNext: 'Paper queued next: the worker is busy with another paper',
  removed: 'Paper removed from queue successfully',
  notQueued: 'Paper is not in the queue',
} as const;

/**
 * Whether an item just put first is taken now: it is when it is already being processed or no worker
 * holds another paper; otherwise the workers are busy and it waits for the first to finish. A worker
 * process that is down cannot be told from an idle one here.
 */
export async function processNowOutcome(
  repo: Pick<QueueRepo, 'leasedIds'>,
  arxivId: string,
): Promise<ProcessNowOutcome> {
  const held = await repo.leasedIds(new Date().toISOString());
  return held.length === 0 || held.includes(arxivId) ? 'started' : 'queued_next';
}

export const processNowMessage = (outcome: ProcessNowOutcome) =>
  outcome === 'started' ? QUEUE_MESSAGES.processing : QUEUE_MESSAGES.queuedNext;

/** A row's state, derived from its lease, backoff and park (a crashed worker leaves no state behind). */
export function queueStateOf(row: QueueRow, now: string): QueueItemState {
  const after = (value: QueueRow['lease_expires_at']) => value !== null && toIso(value) > now;
  if (row.parked_at !== null) return 'parked';
  if (after(row.lease_expires_at)) return 'processing';
  if (after(row.next_attempt_at)) return 'retrying';
  return 'waiting';
}

function toItem(row: QueueRow, rank: number, now: string): QueueItem {
  const state = queueStateOf(row, now);
  return {
    arxivId: row.arxiv_id,
    position: rank,
    title: (JSON.parse(row.payload) as ArxivPaper).title,
    state,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: state === 'retrying' && row.next_attempt_at !== null ? toIso(row.next_attempt_at) : null,
    createdAt: toIso(row.created_at),
  };
}

const auditOf = (action: AuditAction, adminId: number, arxivId: string): AuditRecord => ({
  actorId: adminId,
  action,
  objectType: 'queue_item',
  objectId: arxivId,
});

/** What an admin sees of the queue and does to its items; each action is recorded as `adminId`'s. */
export function createQueueService({ repo, processed, papers, papersRepo, wakeWorkers }: QueueServiceDeps) {
  async function act(done: boolean, message: string): Promise<{ message: string }> {
    if (!done) throw notFound(QUEUE_MESSAGES.notQueued);
    return { message };
  }

  return {
    async list(page: number, limit: number): Promise<QueueList> {
      const now = new Date().toISOString();
      const offset = (page - 1) * limit;
      const [rows, counts, stats] = await Promise.all([
        repo.page(offset, limit),
        repo.countByState(now),
        papersRepo.stats(),
      ]);
      const total = counts.waiting + counts.processing + counts.retrying + counts.parked;
      return {
        items: rows.map((row, index) => toItem(row, offset + index + 1, now)),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
        counts: { ...counts, processed: stats.total },
      };
    },

    /** In the queue (a paper queued again for a new summary counts as queued), processed, or unknown. */
    async search(arxivId: string): Promise<QueueSearch> {
      const row = await repo.find(arxivId);
      if (row) return { status: 'in_queue', item: toItem(row, row.rank, new Date().toISOString()) };
      if (await processed.findPaper(arxivId)) {
        const paper = await papers.detail({ kind: 'arxiv', arxivId });
        return { status: 'processed', paper: paperCardSchema.parse(paper) };
      }
      return { status: 'not_found', arxivId };
    },

    /** Next to be taken; a parked or waiting item is retried at once, its failures forgotten. */
    async moveFirst(arxivId: string, adminId: number) {
      const moved = await repo.moveFirst(arxivId, true, auditOf('queue.moved_first', adminId, arxivId));
      const answer = await act(moved, QUEUE_MESSAGES.movedFirst);
      wakeWorkers();
      return answer;
    },

    async moveLast(arxivId: string, adminId: number) {
      return act(await repo.moveLast(arxivId, auditOf('queue.moved_last', adminId, arxivId)), QUEUE_MESSAGES.movedLast);
    },

    /**
     * Ahead of every other item, and the workers are woken to take it now; the answer says whether one
     * is free to. Like any item it leaves the queue once it is processed.
     */
    async processNow(arxivId: string, adminId: number): Promise<ProcessNowAnswer> {
      const moved = await repo.moveFirst(arxivId, true, auditOf('queue.processed_now', adminId, arxivId));
      if (!moved) throw notFound(QUEUE_MESSAGES.notQueued);
      const outcome = await processNowOutcome(repo, arxivId);
      wakeWorkers();
      return { message: processNowMessage(outcome), outcome };
    },

    /**
     * Removes the item and the bookmarks waiting for it; a worker processing it at that moment stores
     * nothing (it no longer holds it).
     */
    async remove(arxivId: string, adminId: number) {
      return act(await repo.remove(arxivId, auditOf('queue.removed', adminId, arxivId)), QUEUE_MESSAGES.removed);
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
