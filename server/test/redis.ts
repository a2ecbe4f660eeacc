import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis that tests use (a real server, as for PostgreSQL). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own per test, so runs never see each other's counts. */
export const uniqueRedisPrefix = () => `test:${randomBytes(6).toString('hex')}:`;

/** Deletes every key under a prefix (a test's own keys only). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}
