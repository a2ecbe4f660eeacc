import { describe, expect, it } from 'vitest';
import { expectNoSecrets, logIn, PASSWORD, sessionCookieOf, signUp } from '../../test/accounts.js';
import { useTestApp, withTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
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
    const response = await target.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, message });
    const count = await target.handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'short@example.org')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a second account for the same address in any letter case', async () => {
    expect((await signUp(target.app, { email: 'twice@example.org' })).statusCode).toBe(201);
    const again = await signUp(target.app, { email: 'TWICE@example.org' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'email_taken', message: 'An account with this email already exists.' });
  });

  it('answers a missing, unknown or expired token with the right message', async () => {
    expect((await verify('')).json()).toEqual({ error: 'missing_token', message: 'Verification token is missing.' });
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

describe('sign-up limits', () => {
  it('limits sign-ups per address, whatever the client address', async () => {
    const [kind] = testDatabaseKinds;
    if (!kind) throw new Error('no database');
    await withTestApp(kind, {}, async (target) => {
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt++)
        statuses.push((await signUp(target.app, { email: 'popular@example.org' })).statusCode);
      expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
    });
  });
});
