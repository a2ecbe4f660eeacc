import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Locale } from '../../../common/account-rules.js';
import type { DigestFrequency } from '../../../common/digest-rules.js';
import type { Database } from '../../db/schema.js';
import type { DigestPeriod } from './periods.js';

/** A verified reader due a digest of a period. */
export interface DigestRecipient {
  userId: number;
  email: string;
  name: string;
  language: Locale;
}

/** A worker's hold on one reader's digest of one period. */
export interface DigestClaim {
  userId: number;
  periodKey: string;
  token: string;
  /** How many times the period has been claimed for this reader, this claim included. */
  attempts: number;
}

export interface PeriodPaper {
  id: number;
  arxivId: string;
  title: string;
  abstract: string;
  /** The summary as stored (JSON), or null. */
  summary: string | null;
}

const iso = (date: Date) => date.toISOString();

/**
 * What was sent to whom for which period. A reader's period is claimed by inserting its row (the
 * primary key lets one insert win), or by taking over a row whose claim ran out unfinished; it is
 * completed once the mail server accepted the mail. Each step is one statement, so it is atomic on
 * SQLite and PostgreSQL alike, and no row lock is held while mail is sent.
 */
export function createDigestSendsRepo(db: Kysely<Database>) {
  const stillHeld = (claim: DigestClaim) =>
    db
      .updateTable('digest_sends')
      .where('user_id', '=', claim.userId)
      .where('period_key', '=', claim.periodKey)
      .where('claim_token', '=', claim.token)
      .where('completed_at', 'is', null);

  return {
    /**
     * Readers of a frequency due the period's digest, by id after `afterUserId`: verified and not
     * suspended (a suspended account gets no mail until it is restored), following a category, on
     * that frequency since before the period ended, and without a completed or held claim on it (a
     * claim whose lease or retry wait is over, with tries left, is due again).
     */
    due(
      frequency: DigestFrequency,
      period: DigestPeriod,
      options: { now: Date; afterUserId: number; limit: number; maxAttempts: number },
    ): Promise<DigestRecipient[]> {
      return db
        .selectFrom('digest_subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('digest_sends as d', (join) =>
          join.onRef('d.user_id', '=', 's.user_id').on('d.period_key', '=', period.key),
        )
        .select(['s.user_id as userId', 'u.email', 'u.name', 's.language'])
        .where('s.frequency', '=', frequency)
        .where('u.is_verified', '=', 1)
        .where('u.suspended_at', 'is', null)
        .where('s.schedule_since', '<', iso(period.end))
        .where('s.user_id', '>', options.afterUserId)
        .where((eb) =>
          eb.exists(
            eb.selectFrom('digest_categories as c').select('c.user_id').whereRef('c.user_id', '=', 's.user_id'),
          ),
        )
        .where((eb) =>
          eb.or([
            eb('d.user_id', 'is', null),
            eb.and([
              eb('d.completed_at', 'is', null),
              eb('d.lease_expires_at', '<=', iso(options.now)),
              eb('d.attempts', '<', options.maxAttempts),
            ]),
          ]),
        )
        .orderBy('s.user_id')
        .limit(options.limit)
        .execute();
    },

    /** Claims a reader's period for `leaseMs`; null when another worker holds or finished it, or its tries ran out. */
    async claim(
      userId: number,
      periodKey: string,
      options: { now: Date; leaseMs: number; maxAttempts: number },
    ): Promise<DigestClaim | null> {
      const token = randomUUID();
      const leaseExpiresAt = iso(new Date(options.now.getTime() + options.leaseMs));
      const inserted = await db
        .insertInto('digest_sends')
        .values({
          user_id: userId,
          period_key: periodKey,
          claim_token: token,
          lease_expires_at: leaseExpiresAt,
          attempts: 1,
          created_at: iso(options.now),
        })
        .onConflict((oc) => oc.columns(['user_id', 'period_key']).doNothing())
        .returning('attempts')
        .executeTakeFirst();
      if (inserted) return { userId, periodKey, token, attempts: inserted.attempts };
      const taken = await db
        .updateTable('digest_sends')
        .set({ claim_token: token, lease_expires_at: leaseExpiresAt, attempts: sql<number>`attempts + 1` })
        .where('user_id', '=', userId)
        .where('period_key', '=', periodKey)
        .where('completed_at', 'is', null)
        .where('lease_expires_at', '<=', iso(options.now))
        .where('attempts', '<', options.maxAttempts)
        .returning('attempts')
        .executeTakeFirst();
      return taken ? { userId, periodKey, token, attempts: taken.attempts } : null;
    },

    /** Marks the period done for the reader; false when the claim was lost (its lease ran out and another worker took it). */
    async complete(claim: DigestClaim, paperCount: number, now: Date): Promise<boolean> {
      const result = await stillHeld(claim)
        .set({ completed_at: iso(now), paper_count: paperCount, last_error: null })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Gives a failed claim back, to be tried again from `retryAt`. */
    async release(claim: DigestClaim, error: string, retryAt: Date): Promise<void> {
      await stillHeld(claim)
        .set({ lease_expires_at: iso(retryAt), last_error: error })
        .execute();
    },

    /**
     * The reader's papers of a period: stored in it and in a category the reader follows, newest
     * first, at most `limit` of them, and how many there are in all.
     */
    async papersOf(
      userId: number,
      period: DigestPeriod,
      limit: number,
    ): Promise<{ papers: PeriodPaper[]; total: number }> {
      const inPeriod = db
        .selectFrom('papers as p')
        .where('p.created_at', '>=', iso(period.start))
        .where('p.created_at', '<', iso(period.end))
        .where('p.deleted_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('paper_categories as pc')
              .innerJoin('digest_categories as dc', 'dc.category_id', 'pc.category_id')
              .select('pc.paper_id')
              .whereRef('pc.paper_id', '=', 'p.id')
              .where('dc.user_id', '=', userId),
          ),
        );
      const papers = await inPeriod
        .leftJoin('summaries as s', 's.paper_id', 'p.id')
        .select(['p.id', 'p.arxiv_id as arxivId', 'p.title', 'p.abstract', 's.data as summary'])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
      if (papers.length < limit) return { papers, total: papers.length };
      const { count } = await inPeriod.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return { papers, total: Number(count) };
    },

    /** These papers, as a mail lists them, in no particular order; those no longer stored are left out. */
    async papersByIds(ids: readonly number[]): Promise<PeriodPaper[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('papers as p')
        .leftJoin('summaries as s', 's.paper_id', 'p.id')
        .select(['p.id', 'p.arxiv_id as arxivId', 'p.title', 'p.abstract', 's.data as summary'])
        .where('p.id', 'in', ids)
        .where('p.deleted_at', 'is', null)
        .execute();
    },

    /** Forgets claims made before `createdBefore`: periods that old are never mailed again. */
    async purge(createdBefore: Date): Promise<void> {
      await db.deleteFrom('digest_sends').where('created_at', '<', iso(createdBefore)).execute();
    },
  };
}

export type DigestSendsRepo = ReturnType<typeof createDigestSendsRepo>;
