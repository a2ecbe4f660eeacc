import { describe, expect, it } from 'vitest';
import {
  expectNoSecrets,
  logIn,
  nextClientAddress,
  PASSWORD,
  sessionCookieOf,
  signUpVerified,
} from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { linkIn, useSmtpServer } from '../../test/smtp.js';

describe.each(testDatabaseKinds)('sign-in, sessions and password reset on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' }));
  const check = (cookie?: string) => target.app.inject({ url: '/api/auth/check', headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    target.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextClientAddress() });

  it('signs in with a new session id each time and signs out', async () => {
    const firstCookie = await signUpVerified(target.app, smtp, 'session@example.org');
    const login = await logIn(target.app, 'SESSION@example.org');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ message: 'Login successful.', user: { email: 'session@example.org' } });
    expectNoSecrets(login);
    const secondCookie = sessionCookieOf(login);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await check(secondCookie)).json().user.email).toBe('session@example.org');

    const logout = await post('/api/auth/logout', {}, { cookie: secondCookie });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await check(secondCookie)).json()).toEqual({ user: null });
    expect((await check(firstCookie)).json().user.email).toBe('session@example.org');
  });

  it('refuses wrong passwords, unknown addresses and missing fields alike', async () => {
    await signUpVerified(target.app, smtp, 'careful@example.org');
    const wrong = await logIn(target.app, 'careful@example.org', 'not the password');
    const unknown = await logIn(target.app, 'nobody@example.org');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(errorAnswer('invalid_credentials', 'Invalid email or password.'));
      expect(response.cookies).toEqual([]);
    }
    const missing = await post('/api/auth/login', { email: 'careful@example.org' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(errorAnswer('missing_fields', 'Email and password are required.'));
  });

  it('answers no user to a missing, forged or expired session', async () => {
    expect((await check()).json()).toEqual({ user: null });
    expect((await check('sid=forged.value')).json()).toEqual({ user: null });
    const cookie = await signUpVerified(target.app, smtp, 'expiring@example.org');
    await target.handle.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await check(cookie)).json()).toEqual({ user: null });
  });

  it('ends a session 90 days after sign-in, however active it was', async () => {
    const cookie = await signUpVerified(target.app, smtp, 'faithful@example.org');
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const signedInDaysAgo = (days: number) =>
      target.handle.db
        .updateTable('sessions')
        .set({ created_at: daysAgo(days), last_seen_at: daysAgo(days), expires_at: daysAgo(-29) })
        .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', 'faithful@example.org'))
        .execute();
    await signedInDaysAgo(89);
    expect((await check(cookie)).json().user.email).toBe('faithful@example.org');
    await signedInDaysAgo(91);
    expect((await check(cookie)).json()).toEqual({ user: null });
  });

  it('resets a password through the mailed link and ends the other sessions', async () => {
    const otherDevice = await signUpVerified(target.app, smtp, 'forgetful@example.org');
    const forgot = await post('/api/auth/forgot-password', { email: 'forgetful@example.org' });
    const forgotUnknown = await post('/api/auth/forgot-password', { email: 'unknown@example.org' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: 'If an account exists for that email, a reset link has been sent.' });
    expect(forgotUnknown.statusCode).toBe(forgot.statusCode);
    expect(forgotUnknown.json()).toEqual(forgot.json());

    const mail = await smtp.nextMailTo('forgetful@example.org');
    expect(mail.subject).toMatch(/^Reset your password/);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token') ?? '';

    const short = await post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual(errorAnswer('weak_password', 'Password must be at least 8 characters.'));
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful.' });

    expect((await check(otherDevice)).json()).toEqual({ user: null });
    expect((await logIn(target.app, 'forgetful@example.org')).statusCode).toBe(401);
    expect((await logIn(target.app, 'forgetful@example.org', 'a brand new passphrase')).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(reused.json()).toEqual(errorAnswer('invalid_token', 'This reset link is invalid or has expired.'));
    expect((await post('/api/auth/reset-password', { newPassword: PASSWORD })).json()).toEqual(
      errorAnswer('missing_token', 'Missing token.'),
    );
  });

  it('refuses a reset link older than an hour', async () => {
    await signUpVerified(target.app, smtp, 'slow@example.org');
    await post('/api/auth/forgot-password', { email: 'slow@example.org' });
    const token = linkIn(await smtp.nextMailTo('slow@example.org')).searchParams.get('token') ?? '';
    await target.handle.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('purpose', '=', 'reset')
      .execute();
    expect((await post('/api/auth/reset-password', { token, newPassword: 'another passphrase' })).statusCode).toBe(400);
    expect((await logIn(target.app, 'slow@example.org')).statusCode).toBe(200);
  });

  it('refuses state-changing requests from another site', async () => {
    await signUpVerified(target.app, smtp, 'csrf@example.org');
    const foreign = await post(
      '/api/auth/login',
      { email: 'csrf@example.org', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('forbidden_origin');
    const crossSite = await post('/api/auth/logout', {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const own = await post(
      '/api/auth/login',
      { email: 'csrf@example.org', password: PASSWORD },
      { origin: 'http://localhost:3000' },
    );
    expect(own.statusCode).toBe(200);
  });
});
