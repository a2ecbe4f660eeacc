import type { LimitStore, LimitWindow } from './rate-limiter.js';

/** About 200 bytes a key: the store holds at most ~10 MB whatever clients send. */
export const MEMORY_STORE_MAX_KEYS = 50_000;
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counts in this process's memory, for a single process (SQLite). The map keeps windows in the order
 * they opened, so when it is full the oldest window goes first: it is the likeliest to have expired.
 */
export function createMemoryLimitStore(maxKeys = MEMORY_STORE_MAX_KEYS): LimitStore {
  const windows = new Map<string, LimitWindow>();
  let lastSweep = 0;

  function current(key: string, now: number): LimitWindow | undefined {
    const window = windows.get(key);
    if (window && window.resetsAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  function purgeExpired(now: number) {
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetsAt <= now) windows.delete(key);
  }

  return {
    async read(keys, now) {
      const found = new Map<string, LimitWindow>();
      for (const key of keys) {
        const window = current(key, now);
        if (window) found.set(key, { ...window });
      }
      return found;
    },

    async increment(key, windowMs, now) {
      if (now - lastSweep >= SWEEP_INTERVAL_MS) purgeExpired(now);
      let window = current(key, now);
      if (!window) {
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        window = { count: 0, resetsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { ...window };
    },

    async delete(key) {
      windows.delete(key);
    },

    async purgeExpired(now) {
      purgeExpired(now);
    },

    async close() {
      windows.clear();
    },
  };
}
