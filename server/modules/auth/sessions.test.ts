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
      expect(response.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
      expect(response.cookies).toEqual([]);
    }
    const missing = await post('/api/auth/login', { email: 'careful@example.org' });
    expect(missing.json()).toEqual({ error: 'missing_fields', message: 'Email and password are required.' });
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
    expect(short.json().error).toBe('weak_password');
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful.' });

    expect((await check(otherDevice)).json()).toEqual({ user: null });
    expect((await logIn(target.app, 'forgetful@example.org')).statusCode).toBe(401);
    expect((await logIn(target.app, 'forgetful@example.org', 'a brand new passphrase')).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(reused.json()).toEqual({ error: 'invalid_token', message: 'This reset link is invalid or has expired.' });
    expect((await post('/api/auth/reset-password', { newPassword: PASSWORD })).json()).toEqual({
      error: 'missing_token',
      message: 'Missing token.',
    });
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

  it('limits sign-in attempts per address with 429 and Retry-After', async () => {
    await signUpVerified(target.app, smtp, 'target@example.org');
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++) answers.push(await logIn(target.app, 'target@example.org', 'guess'));
    expect(answers.slice(0, 10).every((a) => a.statusCode === 401)).toBe(true);
    const limited = answers[10];
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await logIn(target.app, 'target@example.org')).statusCode).toBe(429);
  });

  it('limits sign-in attempts per client address', async () => {
    const from = (payload: object) =>
      target.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.7', payload });
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt++)
      statuses.push((await from({ email: `spray${attempt}@example.org`, password: 'x' })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
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
