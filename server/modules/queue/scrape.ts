import { ARXIV_ERRORS, parseArxivInput } from '../../../common/arxiv-id.js';
import { PAPER_DELETED_ERROR } from '../../../common/paper-rules.js';
import type { ScrapeAnswer, ScrapeBody } from '../../../common/queue.js';
import { AppError } from '../../errors.js';
import { type ArxivClient, ArxivError, type ArxivPaper } from '../../providers/arxiv/types.js';
import type { AuditRecord, AuditRepo } from '../audit/repo.js';
import type { DeletedPapersRepo } from '../papers/admin-deleted-repo.js';
import type { ProcessedRepo } from './processed-repo.js';
import type { QueueBookmarksRepo } from './queue-bookmarks.js';
import type { QueueRepo } from './repo.js';
import { processNowMessage, processNowOutcome, QUEUE_MESSAGES } from './service.js';

export interface ScrapeServiceDeps {
  arxiv: Pick<ArxivClient, 'fetchPaper'>;
  repo: Pick<QueueRepo, 'enqueue' | 'find' | 'replacePayload' | 'moveFirst' | 'leasedIds'>;
  processed: Pick<ProcessedRepo, 'findPaper' | 'refreshMetadata'>;
  bookmarks: QueueBookmarksRepo;
  deleted: Pick<DeletedPapersRepo, 'isDeleted'>;
  /** Records a scrape that changed nothing else (a paper already processed). */
  audit: Pick<AuditRepo, 'append'>;
  wakeWorkers: () => void;
}

export const SCRAPE_MESSAGES = {
  queued: 'Paper added to the queue',
  queuedFirst: 'Paper added to the front of the queue',
  alreadyQueued: 'Paper is already in the queue',
  alreadyProcessed: 'Paper already processed',
  refreshed: (version: number) => `Paper updated to version ${version}; a new summary is queued`,
} as const;

/** Each way the arXiv lookup fails gets its own status, with the client's message. */
function lookupFailure(error: ArxivError): AppError {
  switch (error.kind) {
    case 'invalid_id':
      return new AppError(400, ARXIV_ERRORS.invalidId, error.message, { arxivId: [error.message] });
    case 'not_found':
      return new AppError(404, ARXIV_ERRORS.notFound, error.message);
    case 'api_error':
      return new AppError(502, ARXIV_ERRORS.apiError, error.message);
    case 'unavailable':
      return new AppError(503, ARXIV_ERRORS.unavailable, error.message);
    case 'unreachable':
      return new AppError(502, ARXIV_ERRORS.unreachable, error.message);
  }
}

/** A paper an admin deleted is not scraped again until an admin restores its id. */
function deletedByAnAdmin(arxivId: string): AppError {
  return new AppError(
    409,
    PAPER_DELETED_ERROR,
    `Paper ${arxivId} was deleted by an admin, so it is not scraped again. An admin can restore it under Manage Papers, Deleted Papers; then scrape it again.`,
  );
}

/**
 * An admin's scrape: the paper as arXiv has it now, then queued (at the back, at the front, or at the
 * front with the workers woken). A paper already queued gets the fresh metadata and the asked move. A
 * paper in the digest is answered as it is stored, without asking arXiv, unless the input names a newer
 * version: then arXiv's newer version updates the stored paper at once and queues it for a new summary.
 * A paper an admin deleted is refused (409) before arXiv is asked.
 */
export function createScrapeService({
  arxiv,
  repo,
  processed,
  bookmarks,
  deleted,
  audit,
  wakeWorkers,
}: ScrapeServiceDeps) {
  /** The newest version, whatever version the input names: it names the paper, not the revision to store. */
  async function fetchPaper(input: string): Promise<ArxivPaper> {
    try {
      return await arxiv.fetchPaper(input);
    } catch (error) {
      throw error instanceof ArxivError ? lookupFailure(error) : error;
    }
  }

  /**
   * `userId` is the admin's, for whom 'Add to bookmarks' (addToBookmarks) bookmarks the paper, and who
   * is recorded in the audit log as having asked for the scrape.
   */
  return async function scrape(body: ScrapeBody, userId: number): Promise<ScrapeAnswer> {
    const result = await queueScraped(body, userId);
    if (body.addToBookmarks) {
      const { id, arxivId } = result.paper;
      // Before the worker is woken, so that the paper it stores finds the request.
      await (id === null ? bookmarks.whenStored(arxivId, userId) : bookmarks.now(userId, id));
      result.bookmarked = true;
    }
    // After the write, so that a woken worker finds the item.
    if (body.processNow) wakeWorkers();
    return result;
  };

  async function queueScraped(body: ScrapeBody, userId: number): Promise<ScrapeAnswer> {
    const named = parseArxivInput(body.arxivId);
    const auditOf = (
      outcome: ScrapeAnswer['outcome'],
      paper: Pick<ArxivPaper, 'arxivId' | 'version'>,
    ): AuditRecord => ({
      actorId: userId,
      action: 'paper.scraped',
      objectType: 'paper',
      objectId: paper.arxivId,
      after: {
        outcome,
        version: paper.version,
        processNow: Boolean(body.processNow),
        addToFront: Boolean(body.addToFront),
        addToBookmarks: Boolean(body.addToBookmarks),
      },
    });
    if (named.ok) {
      if (await deleted.isDeleted(named.arxivId)) throw deletedByAnAdmin(named.arxivId);
      // A paper in the digest is answered from the database, without asking arXiv, unless the input
      // names a newer version than the stored one.
      const stored = await processed.findPaper(named.arxivId);
      if (stored && (named.version === null || named.version <= stored.version)) {
        await audit.append(auditOf('already_processed', { arxivId: named.arxivId, version: stored.version }));
        return {
          message: SCRAPE_MESSAGES.alreadyProcessed,
          outcome: 'already_processed',
          paper: { ...stored, arxivId: named.arxivId },
        };
      }
    }
    const paper = await fetchPaper(body.arxivId);
    const front = Boolean(body.processNow || body.addToFront);
    const [queued, stored] = await Promise.all([repo.find(paper.arxivId), processed.findPaper(paper.arxivId)]);
    const answer = (message: string, outcome: ScrapeAnswer['outcome']): ScrapeAnswer => ({
      message,
      outcome,
      paper: {
        id: stored?.id ?? null,
        arxivId: paper.arxivId,
        version: paper.version,
        title: paper.title,
        abstract: paper.abstract,
        pdfUrl: paper.pdfUrl,
      },
    });
    const now = new Date().toISOString();

    if (queued) {
      await repo.replacePayload(paper.arxivId, paper, auditOf('already_queued', paper));
      if (front) await repo.moveFirst(paper.arxivId, true);
      const message = body.processNow
        ? processNowMessage(await processNowOutcome(repo, paper.arxivId))
        : body.addToFront
          ? QUEUE_MESSAGES.movedFirst
          : SCRAPE_MESSAGES.alreadyQueued;
      return answer(message, 'already_queued');
    }
    if (stored && stored.version >= paper.version) {
      await audit.append(auditOf('already_processed', paper));
      return answer(SCRAPE_MESSAGES.alreadyProcessed, 'already_processed');
    }
    if (stored) {
      // Queued first: should the update fail, processing the item still brings the paper up to date.
      await repo.enqueue([paper], front ? 'front' : 'back', now, auditOf('refreshed', paper));
      await processed.refreshMetadata(paper);
      return answer(SCRAPE_MESSAGES.refreshed(paper.version), 'refreshed');
    }
    if (!body.processNow) {
      await repo.enqueue([paper], front ? 'front' : 'back', now, auditOf('queued', paper));
      return answer(body.addToFront ? SCRAPE_MESSAGES.queuedFirst : SCRAPE_MESSAGES.queued, 'queued');
    }
    const started = (await processNowOutcome(repo, paper.arxivId)) === 'started';
    const outcome = started ? 'processing' : 'queued_next';
    await repo.enqueue([paper], 'front', now, auditOf(outcome, paper));
    return answer(processNowMessage(started ? 'started' : 'queued_next'), outcome);
  }
}

export type Scrape = ReturnType<typeof createScrapeService>;
