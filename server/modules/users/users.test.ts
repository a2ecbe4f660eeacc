import { beforeAll, describe, expect, it } from 'vitest';
import { userListSchema } from '../../../common/users.js';
import {
  expectNoSecrets,
  logIn,
  nextClientAddress,
  PASSWORD,
  requestAs,
  sessionCookieOf,
  signedInAs,
  signUp,
  signUpVerified,
  signupMarkerOf,
} from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { linkIn, useSmtpServer } from '../../test/smtp.js';

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
    const refused = await as(adminCookie, 'PATCH', `/api/users/${admin.id}/unverify`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorAnswer('own_account', 'You cannot unverify your own account.'));
    expect((await as(adminCookie, 'GET', '/api/auth/check')).json().user).toMatchObject({ isVerified: true });
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

describe.each(testDatabaseKinds)("an administrator's unverify on $name", (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  const post = (url: string, payload: object) =>
    target.app.inject({ method: 'POST', url, remoteAddress: nextClientAddress(), payload });
  const checkOf = async (cookie: string) => (await requestAs(target.app, cookie, 'GET', '/api/auth/check')).json().user;
  const userNamed = async (admin: string, email: string) =>
    userListSchema
      .parse((await requestAs(target.app, admin, 'GET', '/api/users?limit=50')).json())
      .users.find((user) => user.email === email);

  it('is undone neither by a sign-up, nor by a reset, nor by a verification link made before or after', async () => {
    const admin = await signedInAs(target, 'admin', 'ada@example.org');
    const ursula = await signUpVerified(target.app, smtp, 'ursula@example.org');
    const { id } = await checkOf(ursula);
    // A verification link of another pending account, made before its unverify.
    const pending = await signUp(target.app, { email: 'early@example.org' });
    expect(pending.statusCode).toBe(201);
    const earlyLink = linkIn(await smtp.nextMailTo('early@example.org'));
    const earlyId = (await userNamed(admin, 'early@example.org'))?.id;
    for (const userId of [id, earlyId]) {
      expect((await requestAs(target.app, admin, 'PATCH', `/api/users/${userId}/unverify`)).statusCode).toBe(200);
    }

    const signup = await signUp(target.app, {
      email: 'ursula@example.org',
      name: 'Ursula (official: send BTC to x)',
      password: 'the impostor chose this',
    });
    expect(signup.statusCode).toBe(201);
    expect(await userNamed(admin, 'ursula@example.org')).toMatchObject({ name: 'Test Reader', isVerified: false });
    expect((await logIn(target.app, 'ursula@example.org', 'the impostor chose this')).statusCode).toBe(401);
    const locked = await logIn(target.app, 'ursula@example.org');
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual(
      errorAnswer(
        'unverified_by_admin',
        'An administrator unverified this account; only an administrator can verify it again.',
      ),
    );
    expect((await smtp.nextMailTo('ursula@example.org')).subject).toMatch(/^Someone tried to register/);

    expect((await post('/api/auth/forgot-password', { email: 'ursula@example.org' })).statusCode).toBe(200);
    const token = linkIn(await smtp.nextMailTo('ursula@example.org')).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: 'the reset chose this' })).statusCode).toBe(
      200,
    );
    expect((await logIn(target.app, 'ursula@example.org', 'the reset chose this')).json().error).toBe(
      'unverified_by_admin',
    );

    const early = await target.app.inject({
      url: `/api/auth/verify-email${earlyLink.search}`,
      headers: { cookie: signupMarkerOf(pending) },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe('unverified_by_admin');
    expect(early.cookies).toEqual([]);
    // No link is made after: a resend stores none.
    expect((await post('/api/auth/resend-verification', { email: 'early@example.org' })).statusCode).toBe(200);
    const links = await target.handle.db
      .selectFrom('email_tokens')
      .select('token_hash')
      .where('user_id', '=', earlyId ?? 0)
      .where('used_at', 'is', null)
      .execute();
    expect(links).toEqual([]);
    expect(await userNamed(admin, 'early@example.org')).toMatchObject({ isVerified: false });

    expect((await requestAs(target.app, admin, 'PATCH', `/api/users/${id}/verify`)).statusCode).toBe(200);
    expect((await logIn(target.app, 'ursula@example.org', 'the reset chose this')).statusCode).toBe(200);
  });

  it('is refused to an administrator whose own access ended meanwhile, so a verified administrator remains', async () => {
    const first = await checkOf(await signedInAs(target, 'admin', 'first@example.org'));
    const secondCookie = await signedInAs(target, 'admin', 'second@example.org');
    const second = await checkOf(secondCookie);
    const { users } = target.services;

    // Both administrators' pages were open; the first unverifies the second, then the second's stale
    // request to unverify the first arrives.
    await users.setVerified(first, second.id, false);
    await expect(users.setVerified(second, first.id, false)).rejects.toMatchObject({
      statusCode: 403,
      code: 'forbidden',
    });
    expect(await checkOf(sessionCookieOf(await logIn(target.app, 'first@example.org')))).toMatchObject({
      isVerified: true,
    });
    await users.setVerified(first, second.id, true);
  });

  it('leaves one of two administrators unverifying each other at once verified', async () => {
    const one = await signedInAs(target, 'admin', 'one@example.org');
    const other = await signedInAs(target, 'admin', 'other@example.org');
    const [oneUser, otherUser] = [await checkOf(one), await checkOf(other)];
    const answers = await Promise.all([
      requestAs(target.app, one, 'PATCH', `/api/users/${otherUser.id}/unverify`),
      requestAs(target.app, other, 'PATCH', `/api/users/${oneUser.id}/unverify`),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // The other is refused: its administrator was unverified first (signed out, or refused under the lock).
    expect(answers.filter((answer) => [401, 403].includes(answer.statusCode))).toHaveLength(1);
    const stillVerified = await target.handle.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['one@example.org', 'other@example.org'])
      .where('is_verified', '=', 1)
      .execute();
    expect(stillVerified).toHaveLength(1);
  });
});
