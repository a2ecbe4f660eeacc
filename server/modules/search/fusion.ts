/** One ranking to fuse: paper ids, best first, and how much this ranking counts. */
export interface Ranking {
  ids: number[];
  weight: number;
}

/**
 * The usual constant of reciprocal-rank fusion: it flattens the gap between the first few places,
 * so a paper that both rankings place well beats one that only one ranking places first.
 */
export const RRF_K = 60;

/**
 * Weighted reciprocal-rank fusion: each paper scores the sum over rankings of weight / (k + rank).
 * It uses ranks only, so full-text scores and vector distances, which share no scale, need no
 * calibration. Equal scores keep the order of the rankings as given (the first ranking leads).
 */
export function fuseRankings(rankings: Ranking[], k = RRF_K): number[] {
  const scores = new Map<number, number>();
  for (const { ids, weight } of rankings) {
    ids.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + weight / (k + index + 1));
    });
  }
  const firstSeen = [...scores.keys()];
  return firstSeen
    .map((id, order) => ({ id, order, score: scores.get(id) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.id);
}
