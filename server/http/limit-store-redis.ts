import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import type { LimitStore, LimitWindow } from './rate-limiter.js';

/**
 * One window as a hash {hits, resets}: opened when absent or ended, counted, and set to expire when
 * it ends, in one script so no window is left without an end. Times are the caller's clock, as in
 * the other stores.
 */
const INCREMENT_SCRIPT = `
local now = tonumber(ARGV[1])
local resets = tonumber(redis.call('HGET', KEYS[1], 'resets') or '0')
if resets <= now then
  resets = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'hits', 0, 'resets', resets)
  redis.call('PEXPIREAT', KEYS[1], resets)
end
return {redis.call('HINCRBY', KEYS[1], 'hits', 1), resets}`;

const unavailable = () => new AppError(503, 'unavailable', 'This is unavailable for a moment. Please try again soon.');

/**
 * Counts in Redis (REDIS_URL), shared by every process that uses it; Redis expires ended windows
 * itself. When Redis cannot be reached, limited requests answer 503 rather than go unlimited.
 */
export function createRedisLimitStore(
  url: string,
  options: { log: FastifyBaseLogger; keyPrefix?: string },
): LimitStore {
  const redis = new Redis(url, { keyPrefix: options.keyPrefix ?? 'rate-limit:', maxRetriesPerRequest: 1 });
  redis.on('error', (error) => options.log.warn({ err: error }, 'Redis (rate limits) unavailable'));

  async function run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      options.log.error({ err: error }, 'Redis (rate limits) command failed');
      throw unavailable();
    }
  }

  return {
    read: (keys, now) =>
      run(async () => {
        const pipeline = redis.pipeline();
        for (const key of keys) pipeline.hmget(key, 'hits', 'resets');
        const results = (await pipeline.exec()) ?? [];
        const found = new Map<string, LimitWindow>();
        keys.forEach((key, index) => {
          const [error, fields] = results[index] ?? [];
          if (error) throw error;
          const [hits, resets] = (fields as (string | null)[] | undefined) ?? [];
          if (hits && resets && Number(resets) > now) found.set(key, { count: Number(hits), resetsAt: Number(resets) });
        });
        return found;
      }),

    increment: (key, windowMs, now) =>
      run(async () => {
        const [hits, resets] = (await redis.eval(INCREMENT_SCRIPT, 1, key, now, windowMs)) as [number, number];
        return { count: hits, resetsAt: resets };
      }),

    delete: (key) =>
      run(async () => {
        await redis.del(key);
      }),

    async purgeExpired() {},

    async close() {
      await redis.quit();
    },
  };
}
