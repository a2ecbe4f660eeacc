import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat.js';

const INTERVAL_MS = 1_000;

/** Runs that each last until the test ends them. */
function heldRuns() {
  const ends: (() => void)[] = [];
  return {
    run: () => new Promise<void>((resolve) => ends.push(resolve)),
    get started() {
      return ends.length;
    },
    endLatest: () => ends.at(-1)?.(),
  };
}

describe('repeatEvery', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then an interval after each run ended, never two at once', async () => {
    const runs = heldRuns();
    const repetition = repeatEvery(runs.run, INTERVAL_MS);
    expect(runs.started).toBe(1);

    await vi.advanceTimersByTimeAsync(5 * INTERVAL_MS);
    expect(runs.started).toBe(1);
    runs.endLatest();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(runs.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.started).toBe(2);

    runs.endLatest();
    await repetition.stop();
  });

  it('stops after the run under way has ended, and starts no other', async () => {
    const runs = heldRuns();
    const repetition = repeatEvery(runs.run, INTERVAL_MS);
    let stopped = false;
    const stopping = repetition.stop().then(() => {
      stopped = true;
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    runs.endLatest();
    await stopping;
    await vi.advanceTimersByTimeAsync(5 * INTERVAL_MS);
    expect(runs.started).toBe(1);
  });

  it('starts no run after a stop between runs', async () => {
    const runs = heldRuns();
    const repetition = repeatEvery(runs.run, INTERVAL_MS);
    runs.endLatest();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS / 2);

    await repetition.stop();
    await vi.advanceTimersByTimeAsync(5 * INTERVAL_MS);
    expect(runs.started).toBe(1);
  });
});
