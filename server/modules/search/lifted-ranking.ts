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

/**
 * The best candidates by scores as they stood before some of them were raised, best first:
 * `slots`, those an `accept` takes; `floor`, the score no accepted candidate outside them passes
 * (-Infinity when they are all of them).
 */
export interface RankingHead {
  slots: readonly number[];
  floor: number;
}

/**
 * liftedFirst's answer (bestFirst's without `isLifted`) of the `candidates` `accept` takes, looked
 * for in the head first: read best first until the best `limit` and the best LIFTED_DEPTH lifted
 * are found, `isLifted` is asked of a few candidates instead of all. Every candidate is ranked only
 * when one outside the head could still place: a head candidate at or below the floor, or the head
 * running out first.
 */
export function rankedHeadFirst(
  head: RankingHead,
  candidates: readonly number[],
  limit: number,
  better: (a: number, b: number) => boolean,
  score: (candidate: number) => number,
  accept?: (candidate: number) => boolean,
  isLifted?: (candidate: number) => boolean,
): number[] {
  const wanted = isLifted ? Math.max(limit, LIFTED_DEPTH) : limit;
  const best: number[] = [];
  const liftedBest: number[] = [];
  const found = () => best.length >= wanted && (!isLifted || liftedBest.length >= LIFTED_DEPTH);
  let outsideMayPlace = false;
  for (const candidate of [...head.slots].sort((a, b) => (better(a, b) ? -1 : 1))) {
    if (score(candidate) <= head.floor) {
      outsideMayPlace = true;
      break;
    }
    if (best.length < wanted) best.push(candidate);
    if (isLifted && liftedBest.length < LIFTED_DEPTH && isLifted(candidate)) liftedBest.push(candidate);
    if (found()) break;
  }
  if (outsideMayPlace || (head.floor > Number.NEGATIVE_INFINITY && !found())) {
    const accepted = accept ? candidates.filter(accept) : candidates;
    return isLifted ? liftedFirst(accepted, limit, isLifted, better) : bestFirst(accepted, limit, better);
  }
  return isLifted ? liftedHead(best, liftedBest, limit) : best;
}
