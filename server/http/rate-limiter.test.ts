import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { DbHandle } from '../db/connect.js';
import { createLogger } from '../logger.js';
import { openDatabase } from '../startup.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';
import { deleteRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.js';
import { createDatabaseLimitStore } from './limit-store-database.js';
import { createMemoryLimitStore } from './limit-store-memory.js';
import { createRedisLimitStore } from './limit-store-redis.js';
import { createRateLimiter, keyHasher, type LimitStore } from './rate-limiter.js';

interface StoreKind {
  name: string;
  open(): Promise<{ store: LimitStore; dispose(): Promise<void> }>;
}

const databaseStores: StoreKind[] = testDatabaseKinds.map((kind) => ({
  name: `database (${kind.name})`,
  async open() {
    const database: TestDatabase = await kind.create();
    const handle: DbHandle = await openDatabase(
      loadConfig({ SEED_DEMO: 'false', ...database.env }),
      createLogger('silent'),
    );
    return {
      store: createDatabaseLimitStore(handle.db),
      async dispose() {
        await handle.close();
        await database.dispose();
      },
    };
  },
}));

const storeKinds: StoreKind[] = [
  { name: 'memory', open: async () => ({ store: createMemoryLimitStore(), dispose: async () => {} }) },
  ...databaseStores,
  {
    name: 'redis',
    async open() {
      const keyPrefix = uniqueRedisPrefix();
      const store = createRedisLimitStore(TEST_REDIS_URL, { log: createLogger('silent'), keyPrefix });
      return {
        store,
        async dispose() {
          await store.close();
          await deleteRedisKeys(keyPrefix);
        },
      };
    },
  },
];

const limit = { max: 2, windowMs: 60_000 };
const SECRET = 'a server secret';
const storedKey = keyHasher(SECRET);

describe.each(storeKinds)('rate limiter on the $name store', (kind) => {
  let opened: Awaited<ReturnType<StoreKind['open']>>;
  let now = Date.now();
  const clock = () => now;
  beforeAll(async () => {
    opened = await kind.open();
  }, 60_000);
  afterAll(async () => {
    await opened.dispose();
  });

  it('allows max attempts per window, then answers the seconds until the window ends', async () => {
    const limiter = createRateLimiter(opened.store, SECRET, clock);
    expect(await limiter.hit([['count', limit]])).toBeNull();
    expect(await limiter.hit([['count', limit]])).toBeNull();
    now += 15_000;
    expect(await limiter.hit([['count', limit]])).toEqual({ retryAfterSeconds: 45 });
    now += 45_000;
    expect(await limiter.hit([['count', limit]])).toBeNull();
  });

  it('stores nothing for a request refused by one of its keys', async () => {
    const limiter = createRateLimiter(opened.store, SECRET, clock);
    await limiter.hit([['client', limit]]);
    await limiter.hit([['client', limit]]);
    expect(
      await limiter.hit([
        ['client', limit],
        ['fresh address', limit],
      ]),
    ).not.toBeNull();
    const stored = await opened.store.read([storedKey('client'), storedKey('fresh address')], now);
    expect([...stored.keys()]).toEqual([storedKey('client')]);
    expect(stored.get(storedKey('client'))?.count).toBe(2);
  });

  it('stores a short hash of a key, whatever its length', async () => {
    const huge = 'x'.repeat(100_000);
    await createRateLimiter(opened.store, SECRET, clock).hit([[huge, limit]]);
    expect(storedKey(huge)).toHaveLength(22);
    expect((await opened.store.read([storedKey(huge)], now)).get(storedKey(huge))?.count).toBe(1);
  });

  it('stores a keyed hash: neither the key nor its plain SHA-256, and counts apart under another secret', async () => {
    const key = 'signup:email:owner@example.org';
    const limiter = createRateLimiter(opened.store, SECRET, clock);
    await limiter.hit([[key, limit]]);
    await limiter.hit([[key, limit]]);
    const plainHash = createHash('sha256').update(key).digest('base64url').slice(0, 22);
    expect([...(await opened.store.read([key, plainHash], now)).keys()]).toEqual([]);
    expect((await opened.store.read([storedKey(key)], now)).get(storedKey(key))?.count).toBe(2);
    // Another process with the same secret counts on; a store keyed under another secret tells nothing.
    expect(await createRateLimiter(opened.store, SECRET, clock).hit([[key, limit]])).not.toBeNull();
    expect(await createRateLimiter(opened.store, 'another secret', clock).hit([[key, limit]])).toBeNull();
  });

  it('forgets a key', async () => {
    const limiter = createRateLimiter(opened.store, SECRET, clock);
    await limiter.hit([['forgotten', limit]]);
    await limiter.hit([['forgotten', limit]]);
    await limiter.forget('forgotten');
    expect(await limiter.hit([['forgotten', limit]])).toBeNull();
  });

  it('counts each of many concurrent increments once', async () => {
    const windows = await Promise.all(
      Array.from({ length: 20 }, () => opened.store.increment('concurrent', 60_000, now)),
    );
    expect(windows.map((window) => window.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });
});

describe('memory limit store', () => {
  it('keeps at most its maximum number of keys, dropping the oldest window first', async () => {
    const store = createMemoryLimitStore(3);
    const now = Date.now();
    for (const key of ['a', 'b', 'c', 'd']) await store.increment(key, 60_000, now);
    const kept = await store.read(['a', 'b', 'c', 'd'], now);
    expect([...kept.keys()]).toEqual(['b', 'c', 'd']);
  });

  it('drops ended windows when purged', async () => {
    const store = createMemoryLimitStore();
    const now = Date.now();
    await store.increment('short', 1_000, now);
    await store.increment('long', 60_000, now);
    await store.purgeExpired(now + 1_000);
    expect([...(await store.read(['short', 'long'], now)).keys()]).toEqual(['long']);
  });
});

describe.each(databaseStores)('$name limit store', (kind) => {
  it('purges ended windows from the table', async () => {
    const { store, dispose } = await kind.open();
    try {
      const now = Date.now();
      await store.increment('short', 1_000, now);
      await store.increment('long', 60_000, now);
      await store.purgeExpired(now + 1_000);
      expect([...(await store.read(['short', 'long'], now)).keys()]).toEqual(['long']);
    } finally {
      await dispose();
    }
  });
});
