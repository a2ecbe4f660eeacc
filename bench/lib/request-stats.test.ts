import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';
import { RequestStats } from './request-stats.js';

describe('percentile (nearest rank)', () => {
  it('answers the smallest value that the share p of all values are at or below', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
    expect(percentile([10, 20, 30], 0.99)).toBe(30);
    expect(percentile([7], 0.01)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe('the requests of a run by kind', () => {
  it('counts requests, server errors, 429s, other refusals and missing answers per kind', () => {
    const stats = new RequestStats();
    for (let ms = 1; ms <= 100; ms++) stats.record('paper', ms, 200);
    stats.record('paper', 1_000, 503);
    stats.record('paper', 2_000, 500);
    stats.record('search', 5, 429);
    stats.record('search', 6, 200);
    stats.record('bookmark', 7, 409);
    stats.record('bookmark', 8, 409);
    stats.record('bookmark', 9, 404);
    stats.record('bookmark', 30_000, null);

    const [paper, search, bookmark] = stats.summary(['paper', 'search', 'bookmark', 'upload']);
    expect(paper).toMatchObject({ kind: 'paper', requests: 102, serverErrors: 2, tooManyRequests: 0, noAnswer: 0 });
    // The slow failures count in the latency too: 102 answers, the 51st is 51 ms and the 101st 1 s.
    expect(paper?.p50).toBe(51);
    expect(paper?.p99).toBe(1_000);
    expect(search).toMatchObject({ requests: 2, serverErrors: 0, tooManyRequests: 1, otherClientErrors: '' });
    expect(bookmark).toMatchObject({ requests: 4, noAnswer: 1, otherClientErrors: '404 x1, 409 x2' });
    // A request without an answer has no latency.
    expect(bookmark?.p99).toBe(9);
  });

  it('lists kinds in the order asked, leaving out those never sent', () => {
    const stats = new RequestStats();
    stats.record('b', 1, 200);
    stats.record('a', 1, 200);
    expect(stats.summary(['a', 'c', 'b']).map((row) => row.kind)).toEqual(['a', 'b']);
  });
});
