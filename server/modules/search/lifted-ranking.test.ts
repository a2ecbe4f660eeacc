import { describe, expect, it } from 'vitest';
import { liftedFirst } from './lifted-ranking.js';

/** Candidates 0..39, the lower the better; the even ones are lifted. */
const candidates = Array.from({ length: 40 }, (_, i) => 39 - i);
const lower = (a: number, b: number) => a < b;
const even = (candidate: number) => candidate % 2 === 0;

describe('liftedFirst', () => {
  it('puts the candidates both rankings place well first, then the best of either', () => {
    const ranked = liftedFirst(candidates, 10, even, lower);
    expect(ranked.slice(0, 7)).toEqual([0, 2, 4, 6, 8, 1, 3]);
    expect(ranked).toHaveLength(10);
  });

  it('answers a shorter list as the start of a longer one', () => {
    const long = liftedFirst(candidates, 30, even, lower);
    expect(liftedFirst(candidates, 5, even, lower)).toEqual(long.slice(0, 5));
    expect(new Set(long).size).toBe(30);
  });

  it('ranks by the whole ranking alone when nothing is lifted', () => {
    expect(liftedFirst(candidates, 10, () => false, lower)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
