import { createHmac } from 'node:crypto';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** One fixed window of a key: what was counted in it and when it ends (epoch ms). */
export interface LimitWindow {
  count: number;
  resetsAt: number;
}

/** Where counts live: in memory, in the database, or in Redis, so that several processes share them. */
export interface LimitStore {
  /** The current windows of these keys; keys with none (or an expired one) are left out. */
  read(keys: string[], now: number): Promise<Map<string, LimitWindow>>;
  /** Counts one more for the key, opening a window of `windowMs` when it has no current one. */
  increment(key: string, windowMs: number, now: number): Promise<LimitWindow>;
  delete(key: string): Promise<void>;
  purgeExpired(now: number): Promise<void>;
  close(): Promise<void>;
}

export type LimitedKey = [key: string, limit: RateLimit];

export interface RateLimiter {
  /**
   * Counts one attempt for each key and answers the seconds to wait when any key is over its limit.
   * When a key is already at its limit nothing is counted, so refused requests store nothing.
   */
  hit(keys: LimitedKey[]): Promise<{ retryAfterSeconds: number } | null>;
  /** Forgets what was counted for a key. */
  forget(key: string): Promise<void>;
  /** Drops ended windows (stores that expire keys themselves do nothing). */
  purgeExpired(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keys are stored as a short keyed hash (HMAC-SHA-256 with a server secret): a key's size in a store
 * never depends on what a client sent, stored keys name no address, and nobody without the secret can
 * hash a candidate address to learn whether it was counted.
 */
export const keyHasher = (secret: string | Buffer) => (key: string) =>
  createHmac('sha256', secret).update(key).digest('base64url').slice(0, 22);

const secondsUntil = (resetsAt: number, now: number) => ({ retryAfterSeconds: Math.ceil((resetsAt - now) / 1000) });

/** A limiter counting in `store` under keys hashed with `keySecret`, which every process sharing the store must share. */
export function createRateLimiter(
  store: LimitStore,
  keySecret: string | Buffer,
  clock: () => number = Date.now,
): RateLimiter {
  const storedKey = keyHasher(keySecret);
  return {
    async hit(keys) {
      const now = clock();
      const limits = keys.map(([key, limit]) => ({ key: storedKey(key), limit }));
      const windows = await store.read(
        limits.map(({ key }) => key),
        now,
      );
      let resetsAt = 0;
      for (const { key, limit } of limits) {
        const window = windows.get(key);
        if (window && window.count >= limit.max) resetsAt = Math.max(resetsAt, window.resetsAt);
      }
      if (resetsAt > 0) return secondsUntil(resetsAt, now);
      // Concurrent requests may all pass the read above; the atomic increments still hold each
      // key to its limit, counting at most one refused attempt per concurrent request.
      for (const { key, limit } of limits) {
        const window = await store.increment(key, limit.windowMs, now);
        if (window.count > limit.max) resetsAt = Math.max(resetsAt, window.resetsAt);
      }
      return resetsAt > 0 ? secondsUntil(resetsAt, now) : null;
    },

    forget: (key) => store.delete(storedKey(key)),
    purgeExpired: () => store.purgeExpired(clock()),
    close: () => store.close(),
  };
}
