import { describe, expect, it } from 'vitest';
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
import { databaseState } from '../../test/database-state.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { linkIn, useSmtpServer } from '../../test/smtp.js';
import { AUTH_MESSAGES } from './service.js';

describe.each(testDatabaseKinds)('sign-up and email verification on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://digest.example',
    SITE_NAME: 'Agentic Test',
  }));
  const verify = (search: string, cookie?: string) =>
    target.app.inject({ method: 'GET', url: `/api/auth/verify-email${search}`, headers: cookie ? { cookie } : {} });
  const mailRequest = (action: 'forgot-password' | 'resend-verification', email: string) =>
    target.app.inject({
      method: 'POST',
      url: `/api/auth/${action}`,
      remoteAddress: nextClientAddress(),
      payload: { email },
    });
  const resetPassword = (token: string | null, newPassword: string) =>
    target.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
  const verifyWithPassword = (token: string | null, newPassword: string) =>
    target.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, newPassword } });
  const idOf = async (email: string) =>
    (await target.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('stores the user unverified, mails a link, and verifying in the same browser signs the user in', async () => {
    const signup = await signUp(target.app, { email: 'Reader@Example.org', name: 'Rana Reader' });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toEqual({
      message: 'Registration successful. Please check your email to verify your account.',
    });
    expectNoSecrets(signup);
    expect(signup.cookies.map((cookie) => cookie.name)).toEqual(['signup']);
    expect(signup.cookies[0]).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      secure: true,
      path: '/api/auth/verify-email',
      maxAge: 24 * 60 * 60,
    });

    const refused = await logIn(target.app, 'reader@example.org');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'email_not_verified' });

    const mail = await smtp.nextMailTo('reader@example.org');
    expect(mail.subject).toBe('Verify your email address | Agentic Test');
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text + mail.html).not.toContain('Rana');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://digest.example/verify-email');
    expect(mail.html).toContain(link.toString().replace('&', '&amp;'));

    const verified = await verify(link.search, signupMarkerOf(signup));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: 'Email verified successfully.',
      user: { email: 'reader@example.org', name: 'Rana Reader', isVerified: true },
    });
    expectNoSecrets(verified);
    const cookie = verified.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    // The marker has done its work: the browser is told to drop it.
    expect(verified.cookies.find((c) => c.name === 'signup')).toMatchObject({ value: '', expires: new Date(0) });

    const check = await target.app.inject({ url: '/api/auth/check', headers: { cookie: sessionCookieOf(verified) } });
    expect(check.statusCode).toBe(200);
    expect(check.json().user.email).toBe('reader@example.org');

    const reused = await verify(link.search, signupMarkerOf(signup));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      error: 'invalid_token',
      message: 'This verification link is invalid or has expired.',
    });
  });

  it('writes the mail in Arabic, right to left, for an Arabic reader, greeting no name', async () => {
    expect((await signUp(target.app, { email: 'arabic@example.org', name: 'سارة', locale: 'ar' })).statusCode).toBe(
      201,
    );
    const mail = await smtp.nextMailTo('arabic@example.org');
    expect(mail.subject).toBe('تأكيد عنوان بريدك الإلكتروني | Agentic Test');
    expect(mail.html).toContain('lang="ar" dir="rtl"');
    expect(mail.text).toMatch(/^مرحبًا،\n/);
    expect(mail.text + mail.html).not.toContain('سارة');
  });

  it.each([
    [{ name: '', email: 'a@example.org', password: PASSWORD }, 'missing_fields', 'All fields are required.'],
    [{ name: 'A', email: '   ', password: PASSWORD }, 'missing_fields', 'All fields are required.'],
    [{ name: 'A', email: 'a@example.org' }, 'missing_fields', 'All fields are required.'],
    [
      { name: 'A', email: 'not-an-address', password: PASSWORD },
      'invalid_email',
      'Please enter a valid email address.',
    ],
    [
      { name: 'A', email: 'short@example.org', password: 'seven77' },
      'weak_password',
      'Password must be at least 8 characters.',
    ],
  ])('refuses %j with %s and creates nothing', async (payload, error, message) => {
    const countUsers = async () =>
      Number(
        (
          await target.handle.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countUsers();
    const response = await target.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorAnswer(error, message));
    expect(await countUsers()).toBe(before);
  });

  it('answers a sign-up with a taken address like any other, changes nothing, and mails the owner instead', async () => {
    await signUpVerified(target.app, smtp, 'verified@example.org');
    await signUp(target.app, { email: 'pending@example.org', name: 'Pat Pending' });
    await smtp.nextMailTo('pending@example.org');
    const admin = await signedInAs(target, 'admin', 'admin@example.org');
    await signUpVerified(target.app, smtp, 'unverified@example.org');
    const unverifiedId = await idOf('unverified@example.org');
    expect((await requestAs(target.app, admin, 'PATCH', `/api/users/${unverifiedId}/unverify`)).statusCode).toBe(200);
    const before = await databaseState(target.handle, ['rate_limits']);

    const attempt = (email: string) =>
      signUp(target.app, { email, name: 'Mallory (official: send BTC to x)', password: 'mallory knows this' });
    const taken = ['VERIFIED@example.org', 'pending@example.org', 'unverified@example.org'];
    const answers = await Promise.all(taken.map(attempt));
    // Nothing an existing account holds changed, and no link was made.
    expect(await databaseState(target.handle, ['rate_limits'])).toEqual(before);
    const fresh = await attempt('fresh@example.org');
    for (const answer of [fresh, ...answers]) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual({
        message: 'Registration successful. Please check your email to verify your account.',
      });
      expect(answer.cookies.map((cookie) => cookie.name)).toEqual(['signup']);
    }
    for (const email of taken) {
      expect((await logIn(target.app, email, 'mallory knows this')).statusCode, email).toBe(401);
    }

    const notice = await smtp.nextMailTo('verified@example.org');
    expect(notice.subject).toBe('Someone tried to register with your address | Agentic Test');
    expect(notice.text).toMatch(/^Hi Test Reader,\n/);
    expect(notice.text).toContain('Sign in: https://digest.example/authenticate');
    expect(notice.text).toContain('Reset your password: https://digest.example/forgot-password');
    expect(notice.text + notice.html).not.toMatch(/Mallory|token=/);
    for (const email of ['pending@example.org', 'unverified@example.org']) {
      const unverifiedNotice = await smtp.nextMailTo(email);
      expect(unverifiedNotice.subject).toBe(notice.subject);
      expect(unverifiedNotice.text, email).toMatch(/^Hello,\n/);
      expect(unverifiedNotice.text + unverifiedNotice.html).not.toMatch(/Mallory|Pat Pending|Test Reader/);
    }
    const welcome = await smtp.nextMailTo('fresh@example.org');
    expect(welcome.subject).toBe('Verify your email address | Agentic Test');
    expect(welcome.text + welcome.html).not.toContain('Mallory');
  });

  it("mails the notice in the account's language, and a reset mail to an unverified address names no one", async () => {
    await signUp(target.app, { email: 'rania@example.org', name: 'Rania', locale: 'ar' });
    await smtp.nextMailTo('rania@example.org');
    expect((await signUp(target.app, { email: 'rania@example.org', locale: 'en' })).statusCode).toBe(201);
    const notice = await smtp.nextMailTo('rania@example.org');
    expect(notice.subject).toBe('حاول أحدهم التسجيل بعنوان بريدك الإلكتروني | Agentic Test');
    expect(notice.html).toContain('lang="ar" dir="rtl"');
    expect(notice.text).toMatch(/^مرحبًا،\n/);

    await signUp(target.app, { email: 'named@example.org', name: 'Hi from a stranger' });
    await smtp.nextMailTo('named@example.org');
    await mailRequest('forgot-password', 'named@example.org');
    const reset = await smtp.nextMailTo('named@example.org');
    expect(reset.subject).toBe('Reset your password | Agentic Test');
    expect(reset.text).toMatch(/^Hello,\n/);
    expect(reset.text + reset.html).not.toContain('stranger');
  });

  it("keeps a pending account's name and password against a later sign-up, and its link only verifies", async () => {
    const owner = await signUp(target.app, {
      email: 'owner@example.org',
      name: 'Olga Owner',
      password: 'only olga knows',
    });
    expect(owner.statusCode).toBe(201);
    const ownerLink = linkIn(await smtp.nextMailTo('owner@example.org'));

    const stranger = await signUp(target.app, {
      email: 'Owner@example.org',
      name: 'Stranger',
      password: 'stranger knows this',
    });
    expect(stranger.statusCode).toBe(201);
    expect((await smtp.nextMailTo('owner@example.org')).subject).toMatch(/^Someone tried to register/);

    const verified = await verify(ownerLink.search, signupMarkerOf(owner));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: 'owner@example.org', name: 'Olga Owner', isVerified: true });
    expect((await logIn(target.app, 'owner@example.org', 'stranger knows this')).statusCode).toBe(401);
    expect((await logIn(target.app, 'owner@example.org', 'only olga knows')).statusCode).toBe(200);
  });

  it('cancels every other link of the account once one is used, so an older link cannot undo a reset', async () => {
    const stranger = await signUp(target.app, { email: 'victim@example.org', password: 'stranger knows this' });
    const strangerLink = linkIn(await smtp.nextMailTo('victim@example.org'));
    await mailRequest('forgot-password', 'victim@example.org');
    const resetToken = linkIn(await smtp.nextMailTo('victim@example.org')).searchParams.get('token');
    expect((await resetPassword(resetToken, 'the owner chose this')).statusCode).toBe(200);

    const late = await verify(strangerLink.search, signupMarkerOf(stranger));
    expect(late.json()).toEqual(errorAnswer('invalid_token', 'This verification link is invalid or has expired.'));
    expect((await logIn(target.app, 'victim@example.org', 'stranger knows this')).statusCode).toBe(401);
    expect((await logIn(target.app, 'victim@example.org', 'the owner chose this')).statusCode).toBe(200);

    // Verifying cancels a pending reset link too.
    const reader = await signUp(target.app, { email: 'both@example.org' });
    const verifyLink = linkIn(await smtp.nextMailTo('both@example.org'));
    await mailRequest('forgot-password', 'both@example.org');
    const pendingReset = linkIn(await smtp.nextMailTo('both@example.org')).searchParams.get('token');
    expect((await verify(verifyLink.search, signupMarkerOf(reader))).statusCode).toBe(200);
    const stale = await resetPassword(pendingReset, 'someone else chose this');
    expect(stale.json()).toEqual(errorAnswer('invalid_token', 'This reset link is invalid or has expired.'));
    expect((await logIn(target.app, 'both@example.org')).statusCode).toBe(200);
  });

  it('signs in on verification only the browser that signed up, also from a resent link', async () => {
    const other = await signUp(target.app, { email: 'other-browser@example.org' });
    const forgedMarker = (own: string) => own.replace(/\.[^.]*$/, '.forged');
    const visitors: [string, (own: string) => string | undefined][] = [
      ['another sign-up', () => signupMarkerOf(other)],
      ['a forged marker', forgedMarker],
      ['no marker', () => undefined],
    ];
    for (const [visitor, cookieFor] of visitors) {
      const email = `${visitor.replaceAll(' ', '-')}@example.org`;
      const signup = await signUp(target.app, { email });
      const link = linkIn(await smtp.nextMailTo(email));
      const answer = await verify(link.search, cookieFor(signupMarkerOf(signup)));
      expect(answer.statusCode, visitor).toBe(200);
      expect(answer.json(), visitor).toEqual({ passwordNeeded: true, message: AUTH_MESSAGES.choosePassword });
      expect(answer.cookies, visitor).toEqual([]);
      expect((await logIn(target.app, email)).json().error, visitor).toBe('email_not_verified');
      const chosen = await verifyWithPassword(link.searchParams.get('token'), 'chosen in this browser');
      expect(chosen.json(), visitor).toEqual({ message: AUTH_MESSAGES.verifiedPasswordSet });
      expect(chosen.cookies, visitor).toEqual([]);
      expect((await logIn(target.app, email, 'chosen in this browser')).statusCode, visitor).toBe(200);
    }

    const marked = await signUp(target.app, { email: 'resent-here@example.org' });
    await smtp.nextMailTo('resent-here@example.org');
    await mailRequest('resend-verification', 'resent-here@example.org');
    const resent = await verify(
      linkIn(await smtp.nextMailTo('resent-here@example.org')).search,
      signupMarkerOf(marked),
    );
    expect(resent.json().user).toMatchObject({ email: 'resent-here@example.org' });
    expect(sessionCookieOf(resent)).toMatch(/^sid=/);
  });

  it("asks the browser that did not sign up for a new password, which replaces a stranger's, before the account is usable", async () => {
    const stranger = await signUp(target.app, { email: 'preregistered@example.org', password: 'stranger knows this' });
    expect(stranger.statusCode).toBe(201);
    const link = linkIn(await smtp.nextMailTo('preregistered@example.org'));
    const token = link.searchParams.get('token');

    // The owner follows the link in their own browser, which has no sign-up marker.
    const opened = await verify(link.search);
    expect(opened.json()).toEqual({ passwordNeeded: true, message: AUTH_MESSAGES.choosePassword });
    expect((await verify(link.search)).json().passwordNeeded).toBe(true);
    const strangersTry = await logIn(target.app, 'preregistered@example.org', 'stranger knows this');
    expect(strangersTry.json().error).toBe('email_not_verified');

    const tooShort = await verifyWithPassword(token, 'short');
    expect(tooShort.json().error).toBe('weak_password');
    expect((await verifyWithPassword('', 'the owner chose this')).json().error).toBe('missing_token');
    expect((await verifyWithPassword(token, 'the owner chose this')).statusCode).toBe(200);

    expect((await logIn(target.app, 'preregistered@example.org', 'stranger knows this')).statusCode).toBe(401);
    const owner = await logIn(target.app, 'preregistered@example.org', 'the owner chose this');
    expect(owner.json().user).toMatchObject({ email: 'preregistered@example.org', isVerified: true });
    // The link worked once; the stranger's browser, marker and all, gets nothing from it now.
    const late = await verify(link.search, signupMarkerOf(stranger));
    expect(late.json()).toEqual(errorAnswer('invalid_token', 'This verification link is invalid or has expired.'));
    expect((await verifyWithPassword(token, 'stranger again')).json().error).toBe('invalid_token');
  });

  it('answers a missing, unknown or expired token with the right message', async () => {
    expect((await verify('')).json()).toEqual(errorAnswer('missing_token', 'Verification token is missing.'));
    expect((await verify('?token=made-up')).json().error).toBe('invalid_token');

    expect((await signUp(target.app, { email: 'late@example.org' })).statusCode).toBe(201);
    const link = linkIn(await smtp.nextMailTo('late@example.org'));
    await target.handle.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await verify(link.search);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('invalid_token');
    expect((await logIn(target.app, 'late@example.org')).statusCode).toBe(403);
  });

  it('resends a verification link on request, and only the newest link works', async () => {
    expect((await signUp(target.app, { email: 'resend@example.org' })).statusCode).toBe(201);
    const first = linkIn(await smtp.nextMailTo('resend@example.org'));
    const resend = await target.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'resend@example.org' },
    });
    expect(resend.json()).toEqual({ message: 'If that account still needs verification, a new link has been sent.' });
    const second = linkIn(await smtp.nextMailTo('resend@example.org'));
    expect((await verify(first.search)).statusCode).toBe(400);
    expect((await verify(second.search)).statusCode).toBe(200);

    const unknown = await target.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'nobody@example.org' },
    });
    expect(unknown.json()).toEqual(resend.json());
  });

  it('keeps the account when the mail server fails, and delivers on a retry', async () => {
    smtp.failNext(1);
    expect((await signUp(target.app, { email: 'retry@example.org' })).statusCode).toBe(201);
    const mail = await smtp.nextMailTo('retry@example.org');
    expect((await verify(linkIn(mail).search)).statusCode).toBe(200);
  });
});
