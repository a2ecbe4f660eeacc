import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { transactionLock } from '../../db/advisory-lock.js';
import type { DialectName } from '../../db/connect.js';
import { retriedTransaction } from '../../db/retry.js';
import type { Database, QueueItemsTable } from '../../db/schema.js';
import type { ArxivPaper } from '../../providers/arxiv/types.js';
import { type AuditRecord, appendAudit } from '../audit/repo.js';

export type QueueRow = Selectable<QueueItemsTable>;

/** An item a worker holds: its row, and the paper as arXiv described it when it was queued. */
export interface ClaimedItem {
  id: number;
  arxivId: string;
  attempts: number;
  leaseToken: string;
  paper: ArxivPaper;
}

const ENQUEUE_CHUNK = 1_000;

export type QueuePlace = 'front' | 'back';

/** Counts of items by state, in the state rule the service applies to single rows. */
export interface QueueStateCounts {
  waiting: number;
  processing: number;
  retrying: number;
  parked: number;
}

/**
 * Takes a paper out of the queue with the bookmarks waiting for it, in the caller's transaction, and
 * answers whether it was queued. A worker processing it then stores nothing (it no longer holds it).
 */
export async function dropFromQueue(trx: Transaction<Database>, arxivId: string): Promise<boolean> {
  const result = await trx.deleteFrom('queue_items').where('arxiv_id', '=', arxivId).executeTakeFirst();
  await trx.deleteFrom('queue_bookmarks').where('arxiv_id', '=', arxivId).execute();
  return Number(result.numDeletedRows) > 0;
}

/** Records an administrator's action on an item in its transaction, when the item was there to act on. */
async function audited(trx: Transaction<Database>, done: boolean, audit?: AuditRecord): Promise<boolean> {
  if (done && audit) await appendAudit(trx, audit);
  return done;
}

export function createQueueRepo({ db, dialect }: { db: Kysely<Database>; dialect: DialectName }) {
  /**
   * Runs `work` in a transaction that alone gives out positions (unique in the table). Under
   * PostgreSQL's READ COMMITTED two transactions would read the same last position, so they take
   * turns on an advisory lock; SQLite's transactions begin IMMEDIATE and take turns already.
   */
  const placing = <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await transactionLock('queue positions:').execute(trx);
      return work(trx);
    });

  const ranked = (position: number, id: number) =>
    db
      .selectFrom('queue_items')
      .select((eb) => eb.fn.countAll<number>().as('ahead'))
      .where((eb) =>
        eb.or([eb('position', '<', position), eb.and([eb('position', '=', position), eb('id', '<', id)])]),
      );

  return {
    /**
     * Queues the papers not already queued, at the front (in the given order) or at the back, and
     * answers the arXiv ids it queued. Positions are fractional, so neither end renumbers the rest.
     * An administrator's scrape passes its audit entry, written with the items.
     */
    async enqueue(papers: ArxivPaper[], place: QueuePlace, now: string, audit?: AuditRecord): Promise<string[]> {
      if (papers.length === 0) return [];
      return placing(async (trx) => {
        if (audit) await appendAudit(trx, audit);
        const ends = await trx
          .selectFrom('queue_items')
          .select((eb) => [eb.fn.min('position').as('first'), eb.fn.max('position').as('last')])
          .executeTakeFirst();
        const first = Number(ends?.first ?? 1);
        const last = Number(ends?.last ?? 0);
        const positionOf = (index: number) => (place === 'front' ? first - papers.length + index : last + 1 + index);
        const queued: string[] = [];
        // Chunks keep each statement within the databases' limits on bound values.
        for (let start = 0; start < papers.length; start += ENQUEUE_CHUNK) {
          const rows = await trx
            .insertInto('queue_items')
            .values(
              papers.slice(start, start + ENQUEUE_CHUNK).map((paper, index) => ({
                arxiv_id: paper.arxivId,
                position: positionOf(start + index),
                payload: JSON.stringify(paper),
                created_at: now,
              })),
            )
            .onConflict((oc) => oc.column('arxiv_id').doNothing())
            .returning('arxiv_id')
            .execute();
          queued.push(...rows.map((row) => row.arxiv_id));
        }
        return queued;
      });
    },

    /** The item with its 1-based rank in processing order, or undefined. */
    async find(arxivId: string): Promise<(QueueRow & { rank: number }) | undefined> {
      const row = await db.selectFrom('queue_items').selectAll().where('arxiv_id', '=', arxivId).executeTakeFirst();
      if (!row) return undefined;
      const { ahead } = await ranked(row.position, row.id).executeTakeFirstOrThrow();
      return { ...row, rank: Number(ahead) + 1 };
    },

    async page(offset: number, limit: number): Promise<QueueRow[]> {
      return db
        .selectFrom('queue_items')
        .selectAll()
        .orderBy('position')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countByState(now: string): Promise<QueueStateCounts> {
      const leased = sql`lease_expires_at > ${now}`;
      const backingOff = sql`next_attempt_at > ${now}`;
      const count = (condition: ReturnType<typeof sql>) =>
        sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
      const row = await db
        .selectFrom('queue_items')
        .select([
          count(sql`parked_at is not null`).as('parked'),
          count(sql`parked_at is null and ${leased}`).as('processing'),
          count(sql`parked_at is null and not coalesce(${leased}, false) and ${backingOff}`).as('retrying'),
          sql<number>`count(*)`.as('total'),
        ])
        .executeTakeFirstOrThrow();
      const [parked, processing, retrying] = [row.parked, row.processing, row.retrying].map(Number) as [
        number,
        number,
        number,
      ];
      return { waiting: Number(row.total) - parked - processing - retrying, processing, retrying, parked };
    },

    async replacePayload(arxivId: string, paper: ArxivPaper, audit: AuditRecord): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('queue_items')
          .set({ payload: JSON.stringify(paper) })
          .where('arxiv_id', '=', arxivId)
          .execute();
        await appendAudit(trx, audit);
      });
    },

    /**
     * Puts the item ahead of every other. `retryNow` also lifts a park and a backoff, and forgets
     * the failures counted so far, so the item is taken at the next claim with every retry ahead of it.
     * A move of the administrators' own (not part of a scrape they record) passes its audit entry.
     */
    async moveFirst(arxivId: string, retryNow: boolean, audit?: AuditRecord): Promise<boolean> {
      return placing(async (trx) => {
        const result = await trx
          .updateTable('queue_items')
          .set({
            position: sql<number>`(select min(position) - 1 from queue_items)`,
            ...(retryNow ? { parked_at: null, next_attempt_at: null, attempts: 0 } : {}),
          })
          .where('arxiv_id', '=', arxivId)
          .executeTakeFirst();
        return audited(trx, Number(result.numUpdatedRows) > 0, audit);
      });
    },

    async moveLast(arxivId: string, audit: AuditRecord): Promise<boolean> {
      return placing(async (trx) => {
        const result = await trx
          .updateTable('queue_items')
          .set({ position: sql<number>`(select max(position) + 1 from queue_items)` })
          .where('arxiv_id', '=', arxivId)
          .executeTakeFirst();
        return audited(trx, Number(result.numUpdatedRows) > 0, audit);
      });
    },

    /** The papers workers hold now (a live lease): one per busy worker. */
    async leasedIds(now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('queue_items')
        .select('arxiv_id')
        .where('parked_at', 'is', null)
        .where('lease_expires_at', '>', now)
        .execute();
      return rows.map((row) => row.arxiv_id);
    },

    /** Removes the item and the bookmarks waiting for it. */
    async remove(arxivId: string, audit: AuditRecord): Promise<boolean> {
      return retriedTransaction(db, async (trx) => audited(trx, await dropFromQueue(trx, arxivId), audit));
    },

    /**
     * Takes the first item that is free (not parked, not leased or its lease run out, its backoff
     * over) under a new lease. On PostgreSQL, SKIP LOCKED lets concurrent workers pass over the row
     * another is taking instead of waiting for it and taking it too; SQLite runs writes one at a time.
     */
    async claim(leaseToken: string, now: string, leaseUntil: string): Promise<ClaimedItem | undefined> {
      const free = db
        .selectFrom('queue_items')
        .select('id')
        .where('parked_at', 'is', null)
        .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
        .orderBy('position')
        .orderBy('id')
        .limit(1);
      const row = await db
        .updateTable('queue_items')
        .set({ lease_token: leaseToken, lease_expires_at: leaseUntil, claimed_at: now })
        .where('id', '=', dialect === 'postgres' ? free.forUpdate().skipLocked() : free)
        .returning(['id', 'arxiv_id', 'attempts', 'payload'])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        arxivId: row.arxiv_id,
        attempts: row.attempts,
        leaseToken,
        paper: JSON.parse(row.payload) as ArxivPaper,
      };
    },

    /** Extends a lease still held; false when it was lost (the item was removed or taken again). */
    async renew(item: Pick<ClaimedItem, 'id' | 'leaseToken'>, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('queue_items')
        .set({ lease_expires_at: leaseUntil })
        .where('id', '=', item.id)
        .where('lease_token', '=', item.leaseToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives the item back untouched but for the reason, without counting a failure. */
    async release(item: Pick<ClaimedItem, 'id' | 'leaseToken'>, reason: string | null): Promise<void> {
      await db
        .updateTable('queue_items')
        .set({ lease_token: null, lease_expires_at: null, ...(reason === null ? {} : { last_error: reason }) })
        .where('id', '=', item.id)
        .where('lease_token', '=', item.leaseToken)
        .execute();
    },

    /** Counts a failure: the item waits until `retryAt`, or is parked when `retryAt` is null. */
    async fail(
      item: Pick<ClaimedItem, 'id' | 'leaseToken'>,
      error: string,
      retryAt: string | null,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('queue_items')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error,
          lease_token: null,
          lease_expires_at: null,
          next_attempt_at: retryAt,
          parked_at: retryAt === null ? now : null,
        }))
        .where('id', '=', item.id)
        .where('lease_token', '=', item.leaseToken)
        .execute();
    },
  };
}

export type QueueRepo = ReturnType<typeof createQueueRepo>;
