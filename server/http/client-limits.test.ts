import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, withTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { deleteRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.js';

/** The per-client sign-in limit: 20 attempts, the 21st refused. */
const CLIENT_LIMIT = 20;

/** Sign-in attempts with a fresh unknown address each, so that only per-client limits can refuse them. */
async function statusesOf(app: TestApp['app'], attempts: { remoteAddress: string; forwardedFor?: string }[]) {
  const statuses = [];
  for (const [index, { remoteAddress, forwardedFor }] of attempts.entries()) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: `nobody${index}-${Math.random()}@example.org`, password: 'x' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const times = <T>(count: number, make: (index: number) => T) => Array.from({ length: count }, (_, i) => make(i));
const [sqlite] = testDatabaseKinds;
const postgres = testDatabaseKinds.filter((kind) => kind.name === 'postgres');

describe('client addresses behind proxies', () => {
  it('believes X-Forwarded-For only for the configured number of hops', async () => {
    if (!sqlite) throw new Error('no database');
    await withTestApp(sqlite, { TRUST_PROXY: '1' }, async ({ app }) => {
      // The client writes what it likes on the left; the one proxy appends the address it saw.
      const spoofed = times(CLIENT_LIMIT + 1, (i) => ({
        remoteAddress: '10.0.0.2',
        forwardedFor: `198.51.100.${i}, 203.0.113.50`,
      }));
      expect(await statusesOf(app, spoofed)).toEqual([...times(CLIENT_LIMIT, () => 401), 429]);
      const other = await statusesOf(app, [{ remoteAddress: '10.0.0.2', forwardedFor: '203.0.113.51' }]);
      expect(other).toEqual([401]);
    });
  });

  it('believes X-Forwarded-For only from the listed proxies', async () => {
    if (!sqlite) throw new Error('no database');
    await withTestApp(sqlite, { TRUST_PROXY: '10.0.0.0/8' }, async ({ app }) => {
      const viaProxy = times(CLIENT_LIMIT, (i) => ({ remoteAddress: `10.0.0.${i + 1}`, forwardedFor: '203.0.113.60' }));
      expect(await statusesOf(app, viaProxy)).toEqual(times(CLIENT_LIMIT, () => 401));
      expect(await statusesOf(app, [{ remoteAddress: '10.9.9.9', forwardedFor: '203.0.113.60' }])).toEqual([429]);

      const direct = times(CLIENT_LIMIT + 1, (i) => ({ remoteAddress: '192.0.2.80', forwardedFor: `198.51.100.${i}` }));
      expect(await statusesOf(app, direct)).toEqual([...times(CLIENT_LIMIT, () => 401), 429]);
    });
  });

  it('counts an IPv6 client by its /64', async () => {
    if (!sqlite) throw new Error('no database');
    await withTestApp(sqlite, {}, async ({ app }) => {
      const sameNetwork = times(CLIENT_LIMIT + 1, (i) => ({ remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` }));
      expect(await statusesOf(app, sameNetwork)).toEqual([...times(CLIENT_LIMIT, () => 401), 429]);
      expect(await statusesOf(app, [{ remoteAddress: '2001:db8:1:3::1' }])).toEqual([401]);
    });
  });
});

describe('limits shared by several web processes', () => {
  async function expectSharedCounts(first: TestApp, second: TestApp) {
    const half = CLIENT_LIMIT / 2;
    const client = { remoteAddress: '192.0.2.99' };
    expect(
      await statusesOf(
        first.app,
        times(half, () => client),
      ),
    ).toEqual(times(half, () => 401));
    expect(
      await statusesOf(
        second.app,
        times(half, () => client),
      ),
    ).toEqual(times(half, () => 401));
    expect(await statusesOf(first.app, [client])).toEqual([429]);
    expect(await statusesOf(second.app, [client])).toEqual([429]);
  }

  it.each(postgres)('share counts through one PostgreSQL database', async (kind) => {
    await withTestApp(kind, {}, async (first, database) => {
      const second = await startTestApp(database);
      try {
        await expectSharedCounts(first, second);
      } finally {
        await second.close();
      }
    });
  });

  it('share counts through Redis when REDIS_URL is set', async () => {
    if (!sqlite) throw new Error('no database');
    const redisKeyPrefix = uniqueRedisPrefix();
    // Processes that share counts share the secret their keys are hashed with, as they share cookies.
    const env = { REDIS_URL: TEST_REDIS_URL, SESSION_SECRET: 'a-secret-both-web-processes-of-this-site-share' };
    try {
      await withTestApp(
        sqlite,
        env,
        async (first) =>
          withTestApp(sqlite, env, async (second) => expectSharedCounts(first, second), { redisKeyPrefix }),
        { redisKeyPrefix },
      );
    } finally {
      await deleteRedisKeys(redisKeyPrefix);
    }
  });
});
