import { describe, expect, it } from 'vitest';
import { fuseRankings } from './fusion.js';

describe('fuseRankings', () => {
  it('puts first a paper both rankings place well, over one only a single ranking places first', () => {
    expect(
      fuseRankings([
        { ids: [1, 2, 3, 4, 5], weight: 1 },
        { ids: [9, 8, 7, 6, 2], weight: 1 },
      ]).slice(0, 3),
    ).toEqual([2, 1, 9]);
  });

  it('lets the heavier ranking lead: a light ranking alone never outranks its first places', () => {
    const fused = fuseRankings([
      { ids: [1, 2, 3, 4], weight: 1 },
      { ids: [7, 8], weight: 0.5 },
    ]);
    expect(fused).toEqual([1, 2, 3, 4, 7, 8]);
  });

  it('keeps the leading ranking order for equal scores, and answers every paper once', () => {
    expect(
      fuseRankings([
        { ids: [5, 6], weight: 1 },
        { ids: [6, 5], weight: 1 },
      ]),
    ).toEqual([5, 6]);
    expect(fuseRankings([{ ids: [], weight: 1 }])).toEqual([]);
  });
});
