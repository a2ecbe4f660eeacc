import { describe, expect, it } from 'vitest';
import { meanScores, ndcgAt, recallAt, reciprocalRank } from './metrics.js';

const judged = (entries: [string, number][]) => new Map(entries);

describe('ranking measures', () => {
  it('nDCG@k is 1 for the best ranking and discounts gains by log2 of the rank', () => {
    const judgments = judged([
      ['a', 2],
      ['b', 1],
    ]);
    expect(ndcgAt(10, ['a', 'b', 'x'], judgments)).toBe(1);
    // Ideal: 2/log2(2) + 1/log2(3); swapped: 1/log2(2) + 2/log2(3).
    const ideal = 2 + 1 / Math.log2(3);
    expect(ndcgAt(10, ['b', 'a'], judgments)).toBeCloseTo((1 + 2 / Math.log2(3)) / ideal, 10);
    expect(ndcgAt(10, ['x', 'a'], judgments)).toBeCloseTo(2 / Math.log2(3) / ideal, 10);
    expect(ndcgAt(1, ['x', 'a'], judgments)).toBe(0);
    expect(ndcgAt(10, [], judgments)).toBe(0);
    expect(ndcgAt(10, ['a'], judged([]))).toBe(0);
  });

  it('nDCG@k compares with the best k of many judged ids, not all of them', () => {
    const judgments = judged(Array.from({ length: 50 }, (_, i) => [`p${i}`, 1] as [string, number]));
    expect(ndcgAt(10, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'], judgments)).toBe(1);
  });

  it('recall@k counts relevant ids in the first k over min(k, relevant)', () => {
    const one = judged([['a', 2]]);
    expect(recallAt(9, ['x', 'y', 'a'], one)).toBe(1);
    expect(recallAt(9, [...'xyzuvwrst', 'a'], one)).toBe(0);
    const many = judged(Array.from({ length: 100 }, (_, i) => [`p${i}`, i % 2 === 0 ? 2 : 1] as [string, number]));
    expect(recallAt(9, ['p0', 'x', 'p1', 'y'], many)).toBeCloseTo(2 / 9, 10);
    expect(recallAt(9, ['a'], judged([['a', 0]]))).toBe(0);
  });

  it('the reciprocal rank is that of the first relevant id', () => {
    const judgments = judged([
      ['a', 1],
      ['b', 2],
    ]);
    expect(reciprocalRank(['a', 'b'], judgments)).toBe(1);
    expect(reciprocalRank(['x', 'y', 'b', 'a'], judgments)).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank(['x'], judgments)).toBe(0);
  });

  it('means each measure over the queries', () => {
    const judgments = judged([['a', 2]]);
    expect(
      meanScores([
        { ranked: ['a'], judgments },
        { ranked: ['x', 'a'], judgments },
      ]),
    ).toEqual({ ndcg10: (1 + 1 / Math.log2(3)) / 2, recall9: 1, mrr: 0.75 });
    expect(meanScores([])).toEqual({ ndcg10: 0, recall9: 0, mrr: 0 });
  });
});
