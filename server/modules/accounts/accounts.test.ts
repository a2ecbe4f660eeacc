import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema, commentSchema, uploadAnswerSchema } from '../../../common/comments.js';
import { managedUserSchema, userListSchema } from '../../../common/users.js';
import { logIn, PASSWORD, requestAs, sessionCookieOf, signedInAs, signUp } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { TEST_IMAGES } from '../../test/images.js';
import { expectRefused as expectRefusedOn } from '../../test/refused.js';
import { multipartPayload } from '../../test/route-fixtures.js';
import { useSmtpServer } from '../../test/smtp.js';
import { SUSPENDED_MESSAGE } from '../auth/service.js';
import { seedPapers } from '../ingest/seed.js';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from './service.js';

describe.each(testDatabaseKinds)('the account lifecycle on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  let admin: string;
  let adminId: number;
  let reader: string;
  let paperId: number;
  let accounts = 0;

  type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const idOf = async (cookie: string) => (await as(cookie, 'GET', '/api/auth/check')).json().user?.id as number;
  /** A new signed-in reader: its address, session cookie and id. */
  async function newReader() {
    const email = `member${++accounts}@example.org`;
    const cookie = await signedInAs(target, 'user', email);
    return { email, cookie, id: await idOf(cookie) };
  }
  const userRow = (id: number) =>
    target.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

  const expectRefused = (send: () => Promise<LightMyRequestResponse>, status: number, error: string) =>
    expectRefusedOn(target.handle, send, status, error);
  async function comment(cookie: string, text = '<p>Mine</p>') {
    const response = await as(cookie, 'POST', '/api/comments', { paperId, text });
    expect(response.statusCode, response.body).toBe(201);
    return commentSchema.parse(response.json());
  }
  async function upload(cookie: string) {
    const body = multipartPayload([
      { field: 'image', fileName: 'a.png', type: 'image/png', content: TEST_IMAGES.png.bytes },
    ]);
    return target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  }

  beforeAll(async () => {
    await seedPapers(target.handle, 1);
    paperId = (await target.handle.db.selectFrom('papers').select('id').executeTakeFirstOrThrow()).id;
    admin = await signedInAs(target, 'admin', 'root@example.org');
    adminId = await idOf(admin);
    ({ cookie: reader } = await newReader());
  });

  it('keeps the account routes from visitors (401) and readers (403), changing nothing; 404 for an unknown account', async () => {
    const { id } = await newReader();
    const routes: [Method, string, object?][] = [
      ['POST', `/api/admin/users/${id}/suspend`, { reason: 'spam' }],
      ['POST', `/api/admin/users/${id}/restore`],
      ['PATCH', `/api/admin/users/${id}/role`, { role: 'admin' }],
      ['DELETE', `/api/admin/users/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      await expectRefused(() => as(null, method, url, payload), 401, 'unauthenticated');
      await expectRefused(() => as(reader, method, url, payload), 403, 'forbidden');
      const unknown = url.replace(`/${id}`, '/999999');
      await expectRefused(() => as(admin, method, unknown, payload), 404, 'not_found');
    }
    await expectRefused(
      () => as(admin, 'PATCH', `/api/admin/users/${id}/role`, { role: 'owner' }),
      400,
      'invalid_request',
    );
    await expectRefused(() => as(null, 'DELETE', '/api/account', { password: PASSWORD }), 401, 'unauthenticated');
    expect(await userRow(id)).toMatchObject({ role: 'user', suspended_at: null });
  });

  it('suspends an account: its sessions end at once, it cannot sign in, post, comment, bookmark, report or upload', async () => {
    const member = await newReader();
    const other = await newReader();
    const othersComment = await comment(other.cookie);
    const suspended = await as(admin, 'POST', `/api/admin/users/${member.id}/suspend`, { reason: 'Spam links' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(managedUserSchema.parse(suspended.json())).toMatchObject({ id: member.id, suspendedAt: expect.any(String) });

    expect((await as(member.cookie, 'GET', '/api/auth/check')).json()).toEqual({ user: null });
    for (const [method, url, payload] of [
      ['POST', '/api/comments', { paperId, text: '<p>Still here?</p>' }],
      ['POST', `/api/bookmarks/${paperId}`],
      ['POST', `/api/comments/${othersComment.id}/reports`, { reason: 'spam' }],
      ['PUT', '/api/digest-subscription', { categories: [] }],
    ] as [Method, string, object?][]) {
      await expectRefused(() => as(member.cookie, method, url, payload), 401, 'unauthenticated');
    }
    expect((await upload(member.cookie)).statusCode).toBe(401);
    const signIn = await logIn(target.app, member.email);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual(errorAnswer('account_suspended', SUSPENDED_MESSAGE));
    const mail = await smtp.nextMailTo(member.email);
    expect(mail.subject).toMatch(/^Your account was suspended/);
    expect(mail.text).toContain('Reason: Spam links');

    const listed = userListSchema.parse((await as(admin, 'GET', '/api/users?limit=50')).json()).users;
    expect(listed.find((user) => user.id === member.id)?.suspendedAt).toEqual(expect.any(String));
    await expectRefused(() => as(admin, 'POST', `/api/admin/users/${member.id}/suspend`), 409, 'already_suspended');
    await expectRefused(
      () => as(admin, 'PATCH', `/api/admin/users/${member.id}/role`, { role: 'admin' }),
      409,
      'account_suspended',
    );

    const restored = await as(admin, 'POST', `/api/admin/users/${member.id}/restore`);
    expect(managedUserSchema.parse(restored.json()).suspendedAt).toBeNull();
    expect((await smtp.nextMailTo(member.email)).subject).toMatch(/^Your account was restored/);
    expect((await logIn(target.app, member.email)).statusCode).toBe(200);
    await expectRefused(() => as(admin, 'POST', `/api/admin/users/${member.id}/restore`), 409, 'not_suspended');
  });

  it("removes a suspended account's comments in the same action when asked", async () => {
    const member = await newReader();
    const written = [await comment(member.cookie, '<p>One</p>'), await comment(member.cookie, '<p>Two</p>')];
    const answer = await as(admin, 'POST', `/api/admin/users/${member.id}/suspend`, { removeComments: true });
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = commentListSchema.parse((await as(null, 'GET', `/api/comments/${paperId}`)).json());
    for (const { id } of written) expect(shown.map((c) => c.id)).not.toContain(id);
    const removed = await target.handle.db
      .selectFrom('comments')
      .select(['id', 'removed_by'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(removed).toEqual(written.map(({ id }) => ({ id, removed_by: adminId })));
  });

  it('makes a reader an administrator and back, mailing each change, and changes nothing for the role it has', async () => {
    const member = await newReader();
    const promoted = await as(admin, 'PATCH', `/api/admin/users/${member.id}/role`, { role: 'admin' });
    expect(managedUserSchema.parse(promoted.json()).role).toBe('admin');
    expect((await smtp.nextMailTo(member.email)).subject).toMatch(/^You are now an administrator/);
    expect((await as(member.cookie, 'GET', '/api/users')).statusCode).toBe(200);

    expect((await as(admin, 'PATCH', `/api/admin/users/${member.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    const demoted = await as(admin, 'PATCH', `/api/admin/users/${member.id}/role`, { role: 'user' });
    expect(managedUserSchema.parse(demoted.json()).role).toBe('user');
    expect((await smtp.nextMailTo(member.email)).subject).toMatch(/^You are no longer an administrator/);
    expect((await as(member.cookie, 'GET', '/api/users')).statusCode).toBe(403);
    const subjects = smtp.received.filter((mail) => mail.to === member.email).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
  });

  it('never lets an administrator suspend, demote or delete their own account', async () => {
    for (const [method, url, payload, message] of [
      ['POST', `/api/admin/users/${adminId}/suspend`, {}, ACCOUNT_MESSAGES.ownSuspend],
      ['PATCH', `/api/admin/users/${adminId}/role`, { role: 'user' }, ACCOUNT_MESSAGES.ownDemote],
      ['DELETE', `/api/admin/users/${adminId}`, undefined, ACCOUNT_MESSAGES.ownDelete],
    ] as [Method, string, object | undefined, string][]) {
      const refused = await expectRefused(() => as(admin, method, url, payload), 409, 'own_account');
      expect(refused.json()).toEqual(errorAnswer('own_account', message));
    }
    await expectRefused(() => as(admin, 'DELETE', '/api/account', { password: PASSWORD }), 409, 'admin_account');
  });

  it('never leaves no administrator: the command line cannot take the last one, nor can two admins take each other', async () => {
    const { accounts: service } = target.services;
    const second = await newReader();
    await service.setRole(null, second.id, 'admin');
    const [one, two] = await Promise.all([
      as(admin, 'PATCH', `/api/admin/users/${second.id}/role`, { role: 'user' }),
      as(second.cookie, 'PATCH', `/api/admin/users/${adminId}/role`, { role: 'user' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 403]);
    const remaining = await target.handle.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(remaining).toHaveLength(1);
    const [last] = remaining;
    const lastAdmin = { statusCode: 409, code: 'last_admin', message: ACCOUNT_MESSAGES.lastAdmin };
    await expect(service.setRole(null, last?.id ?? 0, 'user')).rejects.toMatchObject(lastAdmin);
    await expect(service.deleteByAdmin(null, last?.id ?? 0)).rejects.toMatchObject(lastAdmin);
    // Whichever won, the first administrator is one again for the tests that follow.
    if (last?.id !== adminId) {
      await service.setRole(null, adminId, 'admin');
      await service.setRole(null, second.id, 'user');
      admin = sessionCookieOf(await logIn(target.app, 'root@example.org'));
    }
  });

  it('deletes an account for an administrator: its comments stay as "deleted user", everything else of it goes', async () => {
    const member = await newReader();
    const kept = await comment(member.cookie, '<p>Worth keeping</p>');
    const uploaded = async () => uploadAnswerSchema.parse((await upload(member.cookie)).json()).url;
    const [used, unused] = [await uploaded(), await uploaded()];
    await comment(member.cookie, `<p><img src="${used}"></p>`);
    expect((await as(member.cookie, 'POST', `/api/bookmarks/${paperId}`)).statusCode).toBe(201);
    await target.handle.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', member.id).execute();

    const answer = await as(admin, 'DELETE', `/api/admin/users/${member.id}`);
    expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.deleted });
    expect(await userRow(member.id)).toBeUndefined();
    expect((await as(member.cookie, 'GET', '/api/auth/check')).json()).toEqual({ user: null });
    const shown = commentListSchema.parse((await as(null, 'GET', `/api/comments/${paperId}`)).json());
    expect(shown.find((c) => c.id === kept.id)).toMatchObject({ userId: null, name: 'deleted user', text: kept.text });
    for (const table of ['bookmarks', 'sessions', 'email_tokens', 'uploads'] as const) {
      const rows = await target.handle.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', member.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect((await as(null, 'GET', used)).statusCode).toBe(200);
    expect((await as(null, 'GET', unused)).statusCode).toBe(404);
    expect((await smtp.nextMailTo(member.email)).subject).toMatch(/^تم حذف حسابك/);
    expect((await logIn(target.app, member.email)).statusCode).toBe(401);
    // The address is free again: signing up with it makes a new account.
    expect((await signUp(target.app, { email: member.email })).statusCode).toBe(201);
    expect((await smtp.nextMailTo(member.email)).subject).toMatch(/^Verify your email address/);
  });

  it('lets a reader delete their own account with its password, and only with it', async () => {
    const member = await newReader();
    const kept = await comment(member.cookie);
    await expectRefused(
      () => as(member.cookie, 'DELETE', '/api/account', { password: 'not the password' }),
      403,
      'wrong_password',
    );
    await expectRefused(() => as(member.cookie, 'DELETE', '/api/account', {}), 400, 'invalid_request');
    expect((await as(member.cookie, 'PUT', '/api/digest-subscription', { categories: [] })).statusCode).toBe(200);

    const answer = await as(member.cookie, 'DELETE', '/api/account', { password: PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.deletedOwn });
    expect(answer.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');
    expect(await userRow(member.id)).toBeUndefined();
    expect((await as(member.cookie, 'GET', '/api/auth/check')).json()).toEqual({ user: null });
    const shown = commentListSchema.parse((await as(null, 'GET', `/api/comments/${paperId}`)).json());
    expect(shown.find((c) => c.id === kept.id)).toMatchObject({ userId: null, name: 'deleted user' });
    expect((await smtp.nextMailTo(member.email)).subject).toMatch(/^Your account was deleted/);
  });

  it('limits the password guesses at deleting an account: 429 with Retry-After', async () => {
    const member = await newReader();
    for (let i = 0; i < ACCOUNT_LIMITS.deletePerUser.max; i++) {
      expect((await as(member.cookie, 'DELETE', '/api/account', { password: `guess ${i}` })).statusCode).toBe(403);
    }
    const refused = await expectRefused(
      () => as(member.cookie, 'DELETE', '/api/account', { password: PASSWORD }),
      429,
      'rate_limited',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await userRow(member.id)).toBeDefined();
  });
});
