/**
 * Ranking quality of one query: the ranked arXiv ids a search answered and the judged grades
 * (2 highly relevant, 1 relevant; unjudged ids count as 0).
 */
export type Judgments = ReadonlyMap<string, number>;

/**
 * nDCG@k with linear gains (a grade is its gain) and log2 discounts, as trec_eval's ndcg_cut: the
 * ranking's discounted gain over that of the best possible ranking of the judged ids.
 */
export function ndcgAt(k: number, ranked: readonly string[], judgments: Judgments): number {
  const dcg = (grades: number[]) => grades.slice(0, k).reduce((sum, grade, i) => sum + grade / Math.log2(i + 2), 0);
  const ideal = dcg([...judgments.values()].sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => judgments.get(id) ?? 0)) / ideal;
}

/**
 * Recall@k capped at k: the relevant ids among the first k over the most that k places can hold,
 * min(k, relevant). A query with thousands of relevant papers scores 1 when its first k all are.
 */
export function recallAt(k: number, ranked: readonly string[], judgments: Judgments): number {
  const relevant = [...judgments.values()].filter((grade) => grade > 0).length;
  if (relevant === 0) return 0;
  const found = ranked.slice(0, k).filter((id) => (judgments.get(id) ?? 0) > 0).length;
  return found / Math.min(k, relevant);
}

/** The reciprocal rank of the first relevant id; 0 when none of the ranked ids is relevant. */
export function reciprocalRank(ranked: readonly string[], judgments: Judgments): number {
  const first = ranked.findIndex((id) => (judgments.get(id) ?? 0) > 0);
  return first === -1 ? 0 : 1 / (first + 1);
}

export interface Scores {
  ndcg10: number;
  recall9: number;
  mrr: number;
}

/** The three measures, each the mean over the queries. */
export function meanScores(results: { ranked: readonly string[]; judgments: Judgments }[]): Scores {
  const mean = (score: (result: (typeof results)[number]) => number) =>
    results.length === 0 ? 0 : results.reduce((sum, result) => sum + score(result), 0) / results.length;
  return {
    ndcg10: mean(({ ranked, judgments }) => ndcgAt(10, ranked, judgments)),
    recall9: mean(({ ranked, judgments }) => recallAt(9, ranked, judgments)),
    mrr: mean(({ ranked, judgments }) => reciprocalRank(ranked, judgments)),
  };
}
