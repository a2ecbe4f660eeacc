import type { Kysely } from 'kysely';
import type { EmbeddingProgress } from '../../../common/health.js';
import type { SearchStatus } from '../../../common/search.js';
import { toIso } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

/** How far back the pace of the background embedding is measured. */
export const PACE_WINDOW_MS = 5 * 60_000;
/** Measured over less than this, the pace is not told: the first batches alone would make it look fast. */
export const LEAST_MEASURED_MS = 60_000;

/** The vectors a model made in the window: how many, and when the first of them was stored. */
export interface RecentVectors {
  count: number;
  oldest: string | null;
}

/** Vectors of `model` stored since `since` (any process's: the database keeps when each was made). */
export async function recentVectors(db: Kysely<Database>, model: string, since: Date): Promise<RecentVectors> {
  const row = await db
    .selectFrom('paper_embeddings')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('embedded_at').as('oldest')])
    .where('model', '=', model)
    .where('embedded_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : toIso(row.oldest) };
}

/**
 * Seconds until `left` papers have their vectors at the pace of `recent`: null when nothing was
 * stored in the window or it was all stored within LEAST_MEASURED_MS of `now`.
 */
export function secondsLeft(left: number, recent: RecentVectors, now: Date): number | null {
  if (recent.count === 0 || recent.oldest === null) return null;
  const measuredMs = now.getTime() - Date.parse(recent.oldest);
  if (measuredMs < LEAST_MEASURED_MS) return null;
  return Math.ceil((left * measuredMs) / recent.count / 1000);
}

/** The search status's embedding progress, with the time left at the pace of the last few minutes. */
export async function embeddingProgress(
  db: Kysely<Database>,
  status: SearchStatus,
  now = new Date(),
): Promise<EmbeddingProgress> {
  const { done, total } = status.embedded;
  if (status.vectorIndex === 'none') return { done, total, secondsLeft: null };
  if (done >= total) return { done, total, secondsLeft: 0 };
  const recent = await recentVectors(db, status.model, new Date(now.getTime() - PACE_WINDOW_MS));
  return { done, total, secondsLeft: secondsLeft(total - done, recent, now) };
}
