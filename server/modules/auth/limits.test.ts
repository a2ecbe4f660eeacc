import { describe, expect, it } from 'vitest';
import { MAX_LENGTHS } from '../../../common/account-rules.js';
import { nextClientAddress, PASSWORD, signUp, signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { useSmtpServer } from '../../test/smtp.js';

const tooLong = (max: number) => 'x'.repeat(max + 1);
const longEmail = `${tooLong(MAX_LENGTHS.email)}@example.org`;

describe.each(testDatabaseKinds)('auth rate limits and field lengths on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  const post = (url: string, payload: object, remoteAddress = nextClientAddress()) =>
    target.app.inject({ method: 'POST', url, payload, remoteAddress });

  it.each([
    ['name', '/api/auth/signup', { name: tooLong(MAX_LENGTHS.name), email: 'a@example.org', password: PASSWORD }],
    ['email', '/api/auth/signup', { name: 'A', email: longEmail, password: PASSWORD }],
    ['password', '/api/auth/signup', { name: 'A', email: 'a@example.org', password: tooLong(MAX_LENGTHS.password) }],
    ['email', '/api/auth/login', { email: longEmail, password: PASSWORD }],
    ['password', '/api/auth/login', { email: 'a@example.org', password: tooLong(MAX_LENGTHS.password) }],
    ['email', '/api/auth/forgot-password', { email: longEmail }],
    ['email', '/api/auth/resend-verification', { email: longEmail }],
    ['token', '/api/auth/reset-password', { token: tooLong(MAX_LENGTHS.token), newPassword: PASSWORD }],
    ['newPassword', '/api/auth/reset-password', { token: 'x', newPassword: tooLong(MAX_LENGTHS.password) }],
  ])('refuses an over-long %s in %s with 400', async (field, url, payload) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      fields: { [`body.${field}`]: [expect.any(String)] },
    });
  });

  it('refuses an over-long verification token with 400', async () => {
    const response = await target.app.inject({
      url: `/api/auth/verify-email?token=${tooLong(MAX_LENGTHS.token)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      fields: { 'querystring.token': [expect.any(String)] },
    });
  });

  it('counts nothing for a refused over-long request', async () => {
    await signUpVerified(target.app, smtp, 'sized@example.org');
    const client = nextClientAddress();
    for (let attempt = 0; attempt < 25; attempt++) {
      const email = `${attempt}${longEmail}`;
      expect((await post('/api/auth/login', { email, password: PASSWORD }, client)).statusCode).toBe(400);
      expect((await post('/api/auth/forgot-password', { email }, client)).statusCode).toBe(400);
    }
    expect((await post('/api/auth/login', { email: 'sized@example.org', password: PASSWORD }, client)).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/forgot-password', { email: 'sized@example.org' }, client)).statusCode).toBe(200);
  });

  const logInFrom = (client: string, email: string, password = PASSWORD) =>
    post('/api/auth/login', { email, password }, client);

  it("counts sign-in failures per address and client, so a stranger's failures do not lock the owner out", async () => {
    await signUpVerified(target.app, smtp, 'owner@example.org');
    const stranger = nextClientAddress();
    const strangerStatuses = [];
    for (let attempt = 0; attempt < 12; attempt++)
      strangerStatuses.push((await logInFrom(stranger, 'owner@example.org', 'a guess')).statusCode);
    expect(strangerStatuses).toEqual([...Array(10).fill(401), 429, 429]);

    const owner = nextClientAddress();
    const signedIn = await logInFrom(owner, 'owner@example.org');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe('owner@example.org');
  });

  it('refuses an eleventh try from one client with 429 and Retry-After, even with the right password', async () => {
    await signUpVerified(target.app, smtp, 'guessed@example.org');
    const client = nextClientAddress();
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await logInFrom(client, 'guessed@example.org', 'a guess')).statusCode).toBe(401);
    const limited = await logInFrom(client, 'guessed@example.org');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(
      errorAnswer('rate_limited', 'Too many attempts. Please wait a moment and try again.'),
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('forgets the failures of an address and client at a successful sign-in', async () => {
    await signUpVerified(target.app, smtp, 'clumsy@example.org');
    const client = nextClientAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 9; attempt++)
      statuses.push((await logInFrom(client, 'clumsy@example.org', 'a typo')).statusCode);
    statuses.push((await logInFrom(client, 'clumsy@example.org')).statusCode);
    for (let attempt = 0; attempt < 9; attempt++)
      statuses.push((await logInFrom(client, 'clumsy@example.org', 'a typo')).statusCode);
    expect(statuses).toEqual([...Array(9).fill(401), 200, ...Array(9).fill(401)]);
  });

  it('limits sign-in attempts per client, whatever the address', async () => {
    const client = nextClientAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt++)
      statuses.push((await logInFrom(client, `spray${attempt}@example.org`, 'x')).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
  });

  it('limits sign-ups per address, whatever the client, with 429 and Retry-After', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await signUp(target.app, { email: 'popular@example.org' })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await signUp(target.app, { email: 'popular@example.org' });
    expect(limited.json().error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-ups per client, whatever the address', async () => {
    const client = nextClientAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const payload = { name: 'Busy', email: `busy${attempt}@example.org`, password: PASSWORD };
      statuses.push((await post('/api/auth/signup', payload, client)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  describe.each(['/api/auth/forgot-password', '/api/auth/resend-verification'])('%s', (url) => {
    const slug = url.split('/').at(-1);

    it('answers a missing address with 400', async () => {
      const response = await post(url, {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorAnswer('missing_fields', 'Email is required.'));
    });

    it('limits mails per address, whatever the client, with 429 and Retry-After', async () => {
      const email = `mailbox-${slug}@example.org`;
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt++) statuses.push((await post(url, { email })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await post(url, { email });
      expect(limited.json().error).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits mails per client, whatever the address', async () => {
      const client = nextClientAddress();
      const statuses = [];
      for (let attempt = 0; attempt < 11; attempt++)
        statuses.push((await post(url, { email: `${slug}${attempt}@example.org` }, client)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
    });
  });
});
