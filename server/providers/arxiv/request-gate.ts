/** arXiv asks API clients for no more than one request every three seconds. */
export const ARXIV_REQUEST_SPACING_MS = 3_000;

/**
 * Lets one task run at a time, each starting at least `spacingMs` after the previous one ended, in
 * the order they were handed in. Measured from the end, so a slow answer never lets the next request
 * follow it closely. One gate per process keeps every caller (routes, worker, schedule) in one line.
 */
export function createRequestGate(spacingMs: number) {
  let tail: Promise<unknown> = Promise.resolve();
  let lastEnd = Number.NEGATIVE_INFINITY;

  /** Timers may fire a millisecond early; the loop makes the spacing a floor. */
  async function waitUntil(time: number): Promise<void> {
    for (let left = time - performance.now(); left > 0; left = time - performance.now())
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
  }

  return {
    /** Runs `task` when its turn comes; `task` may wait more between its own attempts with `pause`. */
    run<T>(task: (pause: (ms: number) => Promise<void>) => Promise<T>): Promise<T> {
      const turn = tail.then(async () => {
        await waitUntil(lastEnd + spacingMs);
        const pause = async (ms: number) => {
          lastEnd = performance.now();
          await waitUntil(lastEnd + Math.max(ms, spacingMs));
        };
        try {
          return await task(pause);
        } finally {
          lastEnd = performance.now();
        }
      });
      tail = turn.catch(() => {});
      return turn;
    },
  };
}

export type RequestGate = ReturnType<typeof createRequestGate>;
