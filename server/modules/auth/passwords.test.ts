import { describe, expect, it } from 'vitest';
import { logIn, PASSWORD } from '../../test/accounts.js';
import { TEST_PASSWORD_COST, withTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { createUsersRepo } from '../users/repo.js';
import { createPasswordHasher, createSemaphore, PASSWORD_COST } from './passwords.js';

/** The cost every hash had before it was raised to current guidance. */
const OLD_COST = { N: 2 ** 14, r: 8, p: 1 };

describe('password hashes', () => {
  it('are made at N=2^17, r=8, p=1', async () => {
    expect(PASSWORD_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    expect(await createPasswordHasher().hash(PASSWORD)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('made at an older cost still verify, and are marked for an upgrade', async () => {
    const hasher = createPasswordHasher(TEST_PASSWORD_COST);
    const old = await createPasswordHasher(OLD_COST).hash(PASSWORD);
    expect(await hasher.verify(PASSWORD, old)).toBe(true);
    expect(await hasher.verify('not the password', old)).toBe(false);
    expect(hasher.needsUpgrade(old)).toBe(true);
    expect(hasher.needsUpgrade(await hasher.hash(PASSWORD))).toBe(false);
  });

  it('never match when there is no stored hash', async () => {
    expect(await createPasswordHasher(TEST_PASSWORD_COST).verify(PASSWORD, undefined)).toBe(false);
  });
});

describe('createSemaphore', () => {
  it('runs at most its number of tasks at once, and every task', async () => {
    const withSlot = createSemaphore(2);
    let running = 0;
    let mostAtOnce = 0;
    const task = async (value: number) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return value;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((value) => withSlot(() => task(value))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(mostAtOnce).toBe(2);
  });

  it('frees a slot when a task fails', async () => {
    const withSlot = createSemaphore(1);
    await expect(withSlot(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await withSlot(async () => 'next')).toBe('next');
  });
});

describe.each(testDatabaseKinds)('sign-in with an old hash on $name', (kind) => {
  it('signs in and replaces the hash with one at the current cost', async () => {
    await withTestApp(
      kind,
      {},
      async ({ app, handle }) => {
        const users = createUsersRepo(handle.db);
        const passwordHash = await createPasswordHasher(OLD_COST).hash(PASSWORD);
        await users.insert({ name: 'Early Reader', email: 'early@example.org', passwordHash, verified: true });

        expect((await logIn(app, 'early@example.org')).statusCode).toBe(200);
        expect((await users.findByEmail('early@example.org'))?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
        expect((await logIn(app, 'early@example.org')).statusCode).toBe(200);
        expect((await logIn(app, 'early@example.org', 'not the password')).statusCode).toBe(401);
      },
      { passwordCost: PASSWORD_COST },
    );
  });
});
