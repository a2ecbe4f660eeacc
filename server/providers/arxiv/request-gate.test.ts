import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryAfterMs } from './client.js';
import { ARXIV_REQUEST_SPACING_MS, createRequestGate } from './request-gate.js';

describe('the request gate at the default spacing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs 20 concurrent tasks one at a time, each starting 3 s or more after the previous one ended', async () => {
    const gate = createRequestGate(ARXIV_REQUEST_SPACING_MS);
    const spans: { start: number; end: number }[] = [];
    let running = 0;
    const task = async () => {
      running++;
      expect(running).toBe(1);
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 700));
      spans.push({ start, end: performance.now() });
      running--;
    };
    const all = Promise.all(Array.from({ length: 20 }, () => gate.run(task)));
    await vi.runAllTimersAsync();
    await all;
    expect(ARXIV_REQUEST_SPACING_MS).toBe(3_000);
    expect(spans).toHaveLength(20);
    for (let i = 1; i < spans.length; i++)
      expect((spans[i]?.start ?? 0) - (spans[i - 1]?.end ?? 0)).toBeGreaterThanOrEqual(3_000);
  });

  it('keeps the line moving after a task fails, and a pause waits at least the spacing', async () => {
    const gate = createRequestGate(ARXIV_REQUEST_SPACING_MS);
    const starts: number[] = [];
    const failing = gate.run(async () => {
      starts.push(performance.now());
      throw new Error('boom');
    });
    const pausing = gate.run(async (pause) => {
      starts.push(performance.now());
      await pause(10);
      starts.push(performance.now());
    });
    const outcomes = Promise.allSettled([failing, pausing]);
    await vi.runAllTimersAsync();
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
    const [failed = 0, paused = 0, resumed = 0] = starts;
    expect(paused - failed).toBeGreaterThanOrEqual(3_000);
    expect(resumed - paused).toBeGreaterThanOrEqual(3_000);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
