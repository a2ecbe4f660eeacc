import { describe, expect, it } from 'vitest';
import { expectNoSecrets, logIn, PASSWORD, sessionCookieOf, signUp, signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { linkIn, useSmtpServer } from '../../test/smtp.js';

describe.each(testDatabaseKinds)('sign-up and email verification on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://digest.example',
    SITE_NAME: 'Agentic Test',
  }));
  const verify = (search: string) => target.app.inject({ method: 'GET', url: `/api/auth/verify-email${search}` });

  it('stores the user unverified, mails a link, and verifying signs the user in', async () => {
    const signup = await signUp(target.app, { email: 'Reader@Example.org', name: 'Rana Reader' });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toMatchObject({
      message: 'Registration successful. Please check your email to verify your account.',
      user: { email: 'reader@example.org', name: 'Rana Reader', isVerified: false, role: 'user' },
    });
    expectNoSecrets(signup);
    expect(signup.cookies).toEqual([]);

    const refused = await logIn(target.app, 'reader@example.org');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'email_not_verified' });

    const mail = await smtp.nextMailTo('reader@example.org');
    expect(mail.subject).toBe('Verify your email address | Agentic Test');
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.text).toContain('Hi Rana Reader,');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://digest.example/verify-email');
    expect(mail.html).toContain(link.toString().replace('&', '&amp;'));

    const verified = await verify(link.search);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'Email verified successfully.', user: { isVerified: true } });
    expectNoSecrets(verified);
    const cookie = verified.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });

    const check = await target.app.inject({ url: '/api/auth/check', headers: { cookie: sessionCookieOf(verified) } });
    expect(check.statusCode).toBe(200);
    expect(check.json().user.email).toBe('reader@example.org');

    const reused = await verify(link.search);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      error: 'invalid_token',
      message: 'This verification link is invalid or has expired.',
    });
  });

  it('writes the mail in Arabic, right to left, for an Arabic reader', async () => {
    expect((await signUp(target.app, { email: 'arabic@example.org', name: 'سارة', locale: 'ar' })).statusCode).toBe(
      201,
    );
    const mail = await smtp.nextMailTo('arabic@example.org');
    expect(mail.subject).toBe('تأكيد عنوان بريدك الإلكتروني | Agentic Test');
    expect(mail.html).toContain('lang="ar" dir="rtl"');
    expect(mail.text).toContain('مرحبًا سارة،');
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

  it('refuses a second account for a verified address in any letter case', async () => {
    await signUpVerified(target.app, smtp, 'twice@example.org');
    const again = await signUp(target.app, { email: 'TWICE@example.org' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorAnswer('email_taken', 'An account with this email already exists.'));
  });

  it("puts in force the password of the sign-up whose link is followed, not a stranger's earlier one", async () => {
    const stranger = await signUp(target.app, {
      email: 'owner@example.org',
      name: 'Stranger',
      password: 'stranger knows this',
    });
    expect(stranger.statusCode).toBe(201);
    const strangerLink = linkIn(await smtp.nextMailTo('owner@example.org'));

    const owner = await signUp(target.app, {
      email: 'Owner@example.org',
      name: 'Olga Owner',
      password: 'only olga knows',
    });
    expect(owner.statusCode).toBe(201);
    expect(owner.json()).toMatchObject({ message: stranger.json().message, user: { id: stranger.json().user.id } });
    const ownerMail = await smtp.nextMailTo('owner@example.org');
    expect(ownerMail.text).toContain('Hi Olga Owner,');

    expect((await verify(strangerLink.search)).statusCode).toBe(400);
    const verified = await verify(linkIn(ownerMail).search);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: 'owner@example.org', name: 'Olga Owner', isVerified: true });
    expect(verified.cookies.find((c) => c.name === 'sid')).toBeDefined();

    expect((await logIn(target.app, 'owner@example.org', 'stranger knows this')).statusCode).toBe(401);
    expect((await logIn(target.app, 'owner@example.org', 'only olga knows')).statusCode).toBe(200);
  });

  it('verifies with the password of the sign-up whose link a resent mail carries', async () => {
    await signUp(target.app, { email: 'resent@example.org', password: 'the first password' });
    await smtp.nextMailTo('resent@example.org');
    await signUp(target.app, { email: 'resent@example.org', password: 'the second password' });
    await smtp.nextMailTo('resent@example.org');
    await target.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'resent@example.org' },
    });
    expect((await verify(linkIn(await smtp.nextMailTo('resent@example.org')).search)).statusCode).toBe(200);
    expect((await logIn(target.app, 'resent@example.org', 'the first password')).statusCode).toBe(401);
    expect((await logIn(target.app, 'resent@example.org', 'the second password')).statusCode).toBe(200);
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
