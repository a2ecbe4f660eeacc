import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/** Changes folded per statement at most, so a fold after a long pause stays a short transaction. */
const FOLD_BATCH = 10_000;

/**
 * PostgreSQL: moves the changes logged since the last fold into the rows of paper_stats and
 * search_stats, so reading them now sums a short log. The sums read stay the same. Changes another
 * fold holds are skipped (SKIP LOCKED) and only folds write the rows, so a fold never waits for a
 * writer of papers and no writer waits for a fold.
 */
export async function foldStatsChanges(db: Kysely<Database>): Promise<void> {
  await sql`WITH folded AS (
      DELETE FROM paper_stats_changes WHERE id IN (
        SELECT id FROM paper_stats_changes ORDER BY id LIMIT ${FOLD_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING total, version, content_version)
    UPDATE paper_stats SET total = paper_stats.total + f.total, version = paper_stats.version + f.version,
      content_version = paper_stats.content_version + f.content_version
    FROM (SELECT count(*) AS n, sum(total) AS total, sum(version) AS version, sum(content_version) AS content_version
      FROM folded) f
    WHERE paper_stats.id = 1 AND f.n > 0`.execute(db);
  await sql`WITH folded AS (
      DELETE FROM search_stats_changes WHERE id IN (
        SELECT id FROM search_stats_changes ORDER BY id LIMIT ${FOLD_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING vectors_version)
    UPDATE search_stats SET vectors_version = search_stats.vectors_version + f.vectors_version
    FROM (SELECT count(*) AS n, sum(vectors_version) AS vectors_version FROM folded) f
    WHERE search_stats.id = 1 AND f.n > 0`.execute(db);
}
