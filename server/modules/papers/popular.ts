import { activityWeight, POPULAR_WINDOW_DAYS, type WeekActivity } from '../../../common/popularity.js';
import type { ActivityRow, PopularRepo } from './popular-repo.js';
import type { PaperCardRow, PapersRepo } from './repo.js';

const DAY_MS = 86_400_000;
/** Scores are rounded before comparing, so that papers with the same activity tie whatever order it was summed in. */
const SCORE_PRECISION = 1e9;

interface RankedPaper extends WeekActivity {
  id: number;
  submittedDate: string;
  score: number;
}

/**
 * The papers with activity in the window, most popular first: each save and comment weighs by its
 * age (see activityWeight); equal scores go by the paper's date, newest first, then by id. Computed
 * here, not in SQL, so that SQLite and PostgreSQL give the same order to the last digit.
 */
export function rankByActivity(rows: ActivityRow[], now: number): RankedPaper[] {
  const byPaper = new Map<number, RankedPaper>();
  for (const row of rows) {
    const paper = byPaper.get(row.paper_id) ?? {
      id: row.paper_id,
      submittedDate: row.submitted_date,
      score: 0,
      saves: 0,
      comments: 0,
    };
    paper.score += activityWeight(now - new Date(row.created_at).getTime());
    if (row.kind === 'save') paper.saves += 1;
    else paper.comments += 1;
    byPaper.set(row.paper_id, paper);
  }
  const ranked = [...byPaper.values()].map((paper) => ({
    ...paper,
    score: Math.round(paper.score * SCORE_PRECISION) / SCORE_PRECISION,
  }));
  return ranked.sort(
    (a, b) =>
      b.score - a.score ||
      (a.submittedDate < b.submittedDate ? 1 : a.submittedDate > b.submittedDate ? -1 : 0) ||
      b.id - a.id,
  );
}

export interface PopularPage {
  rows: (PaperCardRow & { thisWeek: WeekActivity })[];
  total: number;
}

/**
 * A page of the Popular order: the papers with activity in the last week by rank, then every other
 * paper newest first. Both parts are read for the page alone (the ranking from the week's
 * activity, the tail by offset), so page N + 1 starts where page N ended while no one saves or comments.
 */
export async function popularPage(
  { repo, popularRepo }: { repo: PapersRepo; popularRepo: PopularRepo },
  { page, limit, categoryId, now }: { page: number; limit: number; categoryId: number | null; now: number },
): Promise<PopularPage> {
  const since = new Date(now - POPULAR_WINDOW_DAYS * DAY_MS).toISOString();
  const [activity, total] = await Promise.all([
    popularRepo.activitySince(since, categoryId),
    categoryId === null ? repo.listingStats().then((stats) => stats.total) : repo.countInCategory(categoryId),
  ]);
  const ranked = rankByActivity(activity, now);
  const offset = (page - 1) * limit;
  const head = ranked.slice(offset, offset + limit);
  const tailIds =
    head.length < limit
      ? await popularRepo.pageExcluding(
          ranked.map((paper) => paper.id),
          categoryId,
          Math.max(0, offset - ranked.length),
          limit - head.length,
        )
      : [];
  const ids = [...head.map((paper) => paper.id), ...tailIds];
  const rowById = new Map((await repo.cardsByIds(ids)).map((row) => [row.id, row]));
  const activityById = new Map(head.map((paper) => [paper.id, { saves: paper.saves, comments: paper.comments }]));
  const rows = ids.flatMap((id) => {
    const row = rowById.get(id);
    return row ? [{ ...row, thisWeek: activityById.get(id) ?? { saves: 0, comments: 0 } }] : [];
  });
  return { rows, total };
}
