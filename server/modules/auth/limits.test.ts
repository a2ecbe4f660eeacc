import { describe, expect, it } from 'vitest';
import { MAX_LENGTHS } from '../../../common/account-rules.js';
import { nextClientAddress, PASSWORD, signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
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
});
