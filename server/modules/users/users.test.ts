import { beforeAll, describe, expect, it } from 'vitest';
import { userListSchema } from '../../../common/users.js';
import { expectNoSecrets, logIn, PASSWORD, signedInAs, signUp, signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { useSmtpServer } from '../../test/smtp.js';

describe.each(testDatabaseKinds)('user administration on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  let adminCookie: string;
  let readerCookie: string;
  const as = (cookie: string | null, method: 'GET' | 'PATCH', url: string) =>
    target.app.inject({ method, url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    adminCookie = await signedInAs(target, 'admin', 'admin@example.org');
    readerCookie = await signUpVerified(target.app, smtp, 'reader@example.org');
    for (let i = 0; i < 12; i++) await signUp(target.app, { email: `pending${i}@example.org` });
  });

  it('answers 401 to anonymous visitors and 403 to readers on every admin route', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/users?limit=7'],
      ['PATCH', '/api/users/1/verify'],
      ['PATCH', '/api/users/1/unverify'],
      ['GET', '/api/admin/anything'],
    ] as const) {
      expect((await as(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(readerCookie, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await as(adminCookie, 'GET', '/api/admin/anything')).statusCode).toBe(404);
  });

  it('pages users for an admin, filtered by status', async () => {
    const all = await as(adminCookie, 'GET', '/api/users?page=1&limit=10');
    expect(all.statusCode).toBe(200);
    expectNoSecrets(all);
    const body = userListSchema.parse(all.json());
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 14, totalPages: 2 });
    expect(body.users).toHaveLength(10);

    const unverified = userListSchema.parse(
      (await as(adminCookie, 'GET', '/api/users?verified=false&limit=25')).json(),
    );
    expect(unverified.pagination.total).toBe(12);
    expect(unverified.users.every((u) => !u.isVerified)).toBe(true);
    const verified = userListSchema.parse((await as(adminCookie, 'GET', '/api/users?verified=true')).json());
    expect(verified.users.map((u) => u.email).sort()).toEqual(['admin@example.org', 'reader@example.org']);
  });

  it.each(['limit=7', 'limit=100', 'page=0', 'verified=yes'])('refuses %s with 400', async (query) => {
    expect((await as(adminCookie, 'GET', `/api/users?${query}`)).statusCode).toBe(400);
  });

  it('verifies and unverifies a user, answering the updated user', async () => {
    const list = userListSchema.parse((await as(adminCookie, 'GET', '/api/users?verified=false&limit=50')).json());
    const pending = list.users[0];
    if (!pending) throw new Error('no unverified user');
    const verified = await as(adminCookie, 'PATCH', `/api/users/${pending.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: pending.id, email: pending.email, isVerified: true });
    expectNoSecrets(verified);
    expect((await logIn(target.app, pending.email)).statusCode).toBe(200);

    const unverified = await as(adminCookie, 'PATCH', `/api/users/${pending.id}/unverify`);
    expect(unverified.json()).toMatchObject({ id: pending.id, isVerified: false });
    expect((await logIn(target.app, pending.email)).statusCode).toBe(403);
    expect((await as(adminCookie, 'PATCH', '/api/users/99999/verify')).statusCode).toBe(404);
  });

  it('signs an unverified user out everywhere', async () => {
    const reader = (await as(readerCookie, 'GET', '/api/auth/check')).json().user;
    await as(adminCookie, 'PATCH', `/api/users/${reader.id}/unverify`);
    expect((await as(readerCookie, 'GET', '/api/auth/check')).json()).toEqual({ user: null });
  });

  it('does not let an admin unverify their own account', async () => {
    const admin = (await as(adminCookie, 'GET', '/api/auth/check')).json().user;
    expect((await as(adminCookie, 'PATCH', `/api/users/${admin.id}/unverify`)).statusCode).toBe(409);
  });

  it('lets the operator create an admin under the sign-up rules, or promote an account keeping its password', async () => {
    const { users } = target.services;
    const usersCount = async () => (await target.handle.db.selectFrom('users').select('id').execute()).length;
    const before = await usersCount();
    await expect(
      users.createOrPromoteAdmin({ email: 'ops@example.org', name: 'Ops', password: 'short' }),
    ).rejects.toThrow('--password must have 8 to 1024 characters.');
    await expect(
      users.createOrPromoteAdmin({ email: 'not an address', name: 'Ops', password: PASSWORD }),
    ).rejects.toThrow('--email must be an email address.');
    expect(await usersCount()).toBe(before);

    const { user, created } = await users.createOrPromoteAdmin({
      email: 'Ops@Example.org',
      name: 'Ops',
      password: PASSWORD,
    });
    expect({ created, email: user.email, role: user.role, isVerified: user.isVerified }).toEqual({
      created: true,
      email: 'ops@example.org',
      role: 'admin',
      isVerified: true,
    });
    expect((await logIn(target.app, 'ops@example.org')).statusCode).toBe(200);

    await signUpVerified(target.app, smtp, 'promoted@example.org');
    const promoted = await users.createOrPromoteAdmin({ email: 'promoted@example.org', password: 'ignored password' });
    expect({ created: promoted.created, role: promoted.user.role }).toEqual({ created: false, role: 'admin' });
    expect((await logIn(target.app, 'promoted@example.org')).statusCode).toBe(200);
  });
});
