import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DbHandle } from '../db/connect.js';
import { linkIn, type TestSmtpServer } from './smtp.js';

export const PASSWORD = 'correct horse battery';

/** The `Cookie` header that sends back the session cookie an answer set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error(`no session cookie in answer ${response.statusCode}: ${response.body}`);
  return `sid=${sid.value}`;
}

let addressCounter = 0;
/** A fresh client address per call, so rate limits count only where a test means them to. */
export const nextClientAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

export async function signUp(
  app: FastifyInstance,
  user: { email: string; name?: string; password?: string; locale?: 'en' | 'ar' },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: nextClientAddress(),
    payload: {
      name: user.name ?? 'Test Reader',
      email: user.email,
      password: user.password ?? PASSWORD,
      locale: user.locale,
    },
  });
}

/** Signs up, follows the link in the real verification mail, and answers the session cookie. */
export async function signUpVerified(app: FastifyInstance, smtp: TestSmtpServer, email: string): Promise<string> {
  expect((await signUp(app, { email })).statusCode).toBe(201);
  const link = linkIn(await smtp.nextMailTo(email));
  const verified = await app.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}` });
  expect(verified.statusCode).toBe(200);
  return sessionCookieOf(verified);
}

/** A verified administrator, made as an operator would (sign-up, then the role set in the database): their session cookie. */
export async function signUpAdmin(
  { app, handle }: { app: FastifyInstance; handle: DbHandle },
  smtp: TestSmtpServer,
  email: string,
): Promise<string> {
  const cookie = await signUpVerified(app, smtp, email);
  await handle.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
  return cookie;
}

export async function logIn(app: FastifyInstance, email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextClientAddress(),
    payload: { email, password },
  });
}

/** Fails when an answer carries anything secret: a password hash, a token, or a password field. */
export function expectNoSecrets(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/scrypt\$|"(password\w*|\w*token\w*|id_hash)"\s*:/i);
}
