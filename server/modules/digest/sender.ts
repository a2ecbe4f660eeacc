import type { FastifyBaseLogger } from 'fastify';
import { DIGEST_FREQUENCIES } from '../../../common/digest-rules.js';
import { DIGEST_RECOMMENDATIONS } from '../../../common/recommendations.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import { hashToken, randomToken } from '../auth/tokens.js';
import type { RecommendationsService } from '../recommendations/service.js';
import { type DigestRecommendation, digestMail, oneLineSummary } from './mail.js';
import { type DigestPeriod, periodJustEnded } from './periods.js';
import type { DigestRepo } from './repo.js';
import type { DigestClaim, DigestRecipient, DigestSendsRepo, PeriodPaper } from './sends-repo.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export const DIGEST_SENDING = {
  /**
   * How long a claim holds. Longer than the mail client's own time limits on one message, so a
   * slow send is never taken over and sent twice; a worker that died delays its reader this long.
   */
  leaseMs: 30 * MINUTE,
  /** Claims of one reader's period before it is given up. */
  maxAttempts: 5,
  /** Waits before trying a failed digest again, by failures so far. */
  retryDelaysMs: [5 * MINUTE, 20 * MINUTE, 60 * MINUTE, 180 * MINUTE],
  /** Readers looked up at a time. */
  batchSize: 100,
  /** Papers listed in one mail; the rest are counted, with a link to the digest. */
  papersPerMail: 50,
  /** How long a mail's unsubscribe link works. */
  tokenLifetimeMs: 365 * DAY,
  /** How long claims are kept; far longer than a period stays the one just ended. */
  claimsKeptMs: 60 * DAY,
} as const;

export type DigestOutcome = 'sent' | 'empty' | 'failed' | 'taken';
export type DigestRunCounts = Record<DigestOutcome, number>;

export interface DigestSenderDeps {
  sends: DigestSendsRepo;
  repo: Pick<DigestRepo, 'addUnsubscribeToken' | 'purgeTokens'>;
  mailer: Pick<Mailer, 'send'>;
  recommendations: Pick<RecommendationsService, 'rankedFor'>;
  /** The time the digest goes by; tests move it through periods. */
  clock: () => Date;
  publicUrl: string;
  siteName: string;
  log: FastifyBaseLogger;
}

/**
 * Mails each verified follower the digest of the period just ended (the UTC day before, or the ISO
 * week before), once: the reader's period is claimed before the mail is built and completed once
 * the mail server accepted it. Below the period's papers, a reader who saved papers finds papers
 * like them. A period without papers is completed without a mail. A failed mail
 * is tried again later, up to five claims; only the period just ended is ever mailed, so a worker
 * that was down does not send a backlog.
 */
export function createDigestSender({
  sends,
  repo,
  mailer,
  recommendations,
  clock,
  publicUrl,
  siteName,
  log,
}: DigestSenderDeps) {
  const withLine = (paper: PeriodPaper) => ({ ...paper, line: oneLineSummary(paper.summary, paper.abstract) });

  /**
   * Up to DIGEST_RECOMMENDATIONS papers like the ones the reader saved, none of those the mail
   * lists already; none for a reader who saved nothing. Recommendations add to the digest, so when
   * they fail the mail goes without them.
   */
  async function recommendedFor(userId: number, listed: PeriodPaper[]): Promise<DigestRecommendation[]> {
    try {
      const ranked = await recommendations.rankedFor(
        userId,
        DIGEST_RECOMMENDATIONS,
        listed.map((paper) => paper.id),
      );
      if (!ranked?.length) return [];
      const rows = new Map((await sends.papersByIds(ranked.map((paper) => paper.paperId))).map((row) => [row.id, row]));
      return ranked.flatMap(({ paperId, because }) => {
        const row = rows.get(paperId);
        return row ? [{ ...withLine(row), becauseTitle: because.title }] : [];
      });
    } catch (error) {
      log.warn({ err: error, userId }, 'recommendations for a digest failed: it is sent without them');
      return [];
    }
  }

  async function mailPeriod(claim: DigestClaim, recipient: DigestRecipient, period: DigestPeriod, now: Date) {
    const { papers, total } = await sends.papersOf(recipient.userId, period, DIGEST_SENDING.papersPerMail);
    if (total === 0) {
      await sends.complete(claim, 0, now);
      return 'empty';
    }
    const recommended = await recommendedFor(recipient.userId, papers);
    const token = randomToken();
    await repo.addUnsubscribeToken(hashToken(token), recipient.userId, now);
    await mailer.send(
      digestMail({
        to: recipient.email,
        name: recipient.name,
        language: recipient.language,
        period,
        papers: papers.map(withLine),
        total,
        recommended,
        siteName,
        publicUrl,
        unsubscribeToken: token,
      }),
    );
    if (!(await sends.complete(claim, total, clock()))) {
      log.warn({ userId: recipient.userId, period: period.key }, 'digest sent after its claim ran out');
    }
    return 'sent';
  }

  async function sendTo(recipient: DigestRecipient, period: DigestPeriod, now: Date): Promise<DigestOutcome> {
    const claim = await sends.claim(recipient.userId, period.key, { now, ...DIGEST_SENDING });
    if (!claim) return 'taken';
    try {
      return await mailPeriod(claim, recipient, period, now);
    } catch (error) {
      const delays = DIGEST_SENDING.retryDelaysMs;
      const retryAt = new Date(now.getTime() + (delays[claim.attempts - 1] ?? delays[delays.length - 1] ?? 0));
      log.warn({ err: error, userId: recipient.userId, period: period.key, attempt: claim.attempts }, 'digest failed');
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
      await sends.release(claim, reason, retryAt);
      return 'failed';
    }
  }

  return {
    /** Sends every digest due now, one reader at a time, and forgets expired links and old claims. */
    async runOnce(): Promise<DigestRunCounts> {
      const now = clock();
      const counts: DigestRunCounts = { sent: 0, empty: 0, failed: 0, taken: 0 };
      for (const frequency of DIGEST_FREQUENCIES) {
        const period = periodJustEnded(frequency, now);
        for (let afterUserId = 0; ; ) {
          const batch = await sends.due(frequency, period, {
            now,
            afterUserId,
            limit: DIGEST_SENDING.batchSize,
            ...DIGEST_SENDING,
          });
          for (const recipient of batch) counts[await sendTo(recipient, period, now)]++;
          const last = batch.at(-1);
          if (!last || batch.length < DIGEST_SENDING.batchSize) break;
          afterUserId = last.userId;
        }
      }
      await repo.purgeTokens(new Date(now.getTime() - DIGEST_SENDING.tokenLifetimeMs));
      await sends.purge(new Date(now.getTime() - DIGEST_SENDING.claimsKeptMs));
      if (counts.sent + counts.failed > 0) log.info(counts, 'digest run finished');
      return counts;
    },
  };
}

export type DigestSender = ReturnType<typeof createDigestSender>;
