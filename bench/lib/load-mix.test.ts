import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/modules/search/seeded-random.js';
import { SEARCH_LIMITS } from '../../server/modules/search/service.js';
import { DEFAULT_MIX, likelyPage, type Mix, REQUEST_KINDS, ReaderPace, type RequestKind } from './load-mix.js';

/** A mix with these weights and budgets, every other kind at weight 0. */
function mixOf(entries: Partial<Mix>): Mix {
  return Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, entries[kind] ?? { weight: 0 }])) as Mix;
}

function countKinds(pace: ReaderPace, requests: number, spacingMs: number): Map<RequestKind, number> {
  const counts = new Map<RequestKind, number>();
  for (let i = 0; i < requests; i++) {
    const kind = pace.next(i * spacingMs);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

describe('a reader’s choice of requests', () => {
  it('draws kinds in proportion to their weights while no budget binds', () => {
    const pace = new ReaderPace(
      mixOf({ paper: { weight: 6 }, search: { weight: 3 }, comment: { weight: 1 } }),
      seededRandom(7),
    );
    const counts = countKinds(pace, 20_000, 60_000);
    expect((counts.get('paper') ?? 0) / 20_000).toBeCloseTo(0.6, 1);
    expect((counts.get('search') ?? 0) / 20_000).toBeCloseTo(0.3, 1);
    expect((counts.get('comment') ?? 0) / 20_000).toBeCloseTo(0.1, 1);
    expect([...counts.keys()].sort()).toEqual(['comment', 'paper', 'search']);
  });

  it('never sends more of a kind than its budget in any window, and sends it again once the window has passed', () => {
    const budget = { max: 3, windowMs: 60_000 };
    const pace = new ReaderPace(mixOf({ paper: { weight: 1 }, search: { weight: 1_000, budget } }), seededRandom(1));
    const searchesAt: number[] = [];
    for (let now = 0; now < 600_000; now += 1_000) if (pace.next(now) === 'search') searchesAt.push(now);
    for (const start of searchesAt) {
      expect(searchesAt.filter((at) => at >= start && at < start + budget.windowMs).length).toBeLessThanOrEqual(3);
    }
    // Ten windows in ten minutes, each filled as soon as it opens.
    expect(searchesAt.length).toBe(30);
    expect(searchesAt.slice(0, 4)).toEqual([0, 1_000, 2_000, 60_000]);
  });

  it('refuses a mix in which every kind could run out', () => {
    expect(
      () => new ReaderPace(mixOf({ search: { weight: 1, budget: { max: 1, windowMs: 1 } } }), Math.random),
    ).toThrow();
  });

  it('keeps every budgeted kind of the default mix under its server limit at one request a second', () => {
    const pace = new ReaderPace(DEFAULT_MIX, seededRandom(3));
    const sent = new Map<RequestKind, number[]>();
    for (let now = 0; now < 3_600_000; now += 500) {
      const kind = pace.next(now);
      sent.set(kind, [...(sent.get(kind) ?? []), now]);
    }
    const searches = sent.get('search') ?? [];
    const perMinute = Math.max(
      ...searches.map((start) => searches.filter((at) => at >= start && at < start + 60_000).length),
    );
    expect(perMinute).toBeLessThanOrEqual(SEARCH_LIMITS.searchesPerClient.max / 2);
    expect((sent.get('upload') ?? []).length).toBeLessThanOrEqual(10);
  });
});

describe('the digest page a reader opens', () => {
  it('is the first most often and never outside the pages there are', () => {
    const random = seededRandom(5);
    const pages = Array.from({ length: 10_000 }, () => likelyPage(40, random));
    const ones = pages.filter((page) => page === 1).length;
    expect(ones).toBeGreaterThan(pages.filter((page) => page === 2).length);
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(40);
    expect(Array.from({ length: 100 }, () => likelyPage(1, random))).toEqual(Array(100).fill(1));
  });
});
