/**
 * Fixed-window counters in memory. Per process: with several web processes each keeps its own
 * counts, which loosens a limit by the number of processes but never blocks a legitimate user.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for each key; answers the seconds to wait when any key is over its limit. */
  hit(keys: [string, RateLimit][], now?: number): { retryAfterSeconds: number } | null;
}

export function createRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    hit(keys, now = Date.now()) {
      sweep(now);
      let retryAfterMs = 0;
      for (const [key, limit] of keys) {
        let window = windows.get(key);
        if (!window || window.resetAt <= now) {
          window = { count: 0, resetAt: now + limit.windowMs };
          windows.set(key, window);
        }
        window.count++;
        if (window.count > limit.max) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
      }
      return retryAfterMs > 0 ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : null;
    },
  };
}
