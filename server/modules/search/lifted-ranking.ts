import { bestFirst } from './bm25.js';
import { fuseRankings } from './fusion.js';

/**
 * How deep "alike" lifts a reader's areas: a screen's first page. Fused deeper, the areas' middling
 * papers passed the most alike papers of other areas, and lost on readers judged by shared authors
 * (docs/decisions/0043-for-you-lifts-the-readers-areas.md).
 */
export const LIFTED_DEPTH = 10;

/**
 * The best `limit` of `candidates` by `better`, those `isLifted` takes lifted: the best LIFTED_DEPTH
 * of them and of all are fused by reciprocal rank, so a candidate both place well leads, and the
 * others follow in order, so a longer list starts as a shorter one does.
 */
export function liftedFirst(
  candidates: readonly number[],
  limit: number,
  isLifted: (candidate: number) => boolean,
  better: (a: number, b: number) => boolean,
): number[] {
  const all = bestFirst(candidates, Math.max(limit, LIFTED_DEPTH), better);
  const liftedBest = bestFirst(candidates.filter(isLifted), LIFTED_DEPTH, better);
  return liftedHead(all, liftedBest, limit);
}

/**
 * liftedFirst's answer from its two rankings, each best first: the best max(`limit`, LIFTED_DEPTH)
 * of all (`all`) and the best LIFTED_DEPTH of the lifted (`liftedBest`).
 */
export function liftedHead(all: number[], liftedBest: number[], limit: number): number[] {
  const head = fuseRankings([
    { ids: liftedBest, weight: 1 },
    { ids: all.slice(0, LIFTED_DEPTH), weight: 1 },
  ]);
  const placed = new Set(head);
  return [...head, ...all.filter((candidate) => !placed.has(candidate))].slice(0, limit);
}
