import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createPasswordHasher } from '../modules/auth/passwords.js';
import { createUsersRepo } from '../modules/users/repo.js';
import { TEST_PASSWORD_COST, type TestApp } from './app.js';
import { linkIn, type TestSmtpServer } from './smtp.js';

export const PASSWORD = 'correct horse battery';

/** The `Cookie` header that sends back the cookie `name` an answer set. */
function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((set) => set.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in answer ${response.statusCode}: ${response.body}`);
  return `${name}=${cookie.value}`;
}

/** The `Cookie` header that sends back the session cookie an answer set. */
export const sessionCookieOf = (response: LightMyRequestResponse) => cookieOf(response, 'sid');

/** The `Cookie` header of the browser that signed up: the sign-up marker the answer set. */
export const signupMarkerOf = (response: LightMyRequestResponse) => cookieOf(response, 'signup');

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

/**
 * Signs up, follows the link in the real verification mail in the same browser (with the sign-up's
 * marker cookie), and answers the session cookie.
 */
export async function signUpVerified(app: FastifyInstance, smtp: TestSmtpServer, email: string): Promise<string> {
  const signup = await signUp(app, { email });
  expect(signup.statusCode).toBe(201);
  const link = linkIn(await smtp.nextMailTo(email));
  const verified = await app.inject({
    method: 'GET',
    url: `/api/auth/verify-email${link.search}`,
    headers: { cookie: signupMarkerOf(signup) },
  });
  expect(verified.statusCode).toBe(200);
  return sessionCookieOf(verified);
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

/**
 * A verified account of `role` written straight to the database (no mail), signed in: answers the
 * `Cookie` header of its session. For tests of what a role may do, not of signing up.
 */
export async function signedInAs(target: TestApp, role: 'admin' | 'user', email: string): Promise<string> {
  await createUsersRepo(target.handle.db).insert({
    name: role === 'admin' ? 'Test Admin' : 'Test Reader',
    email,
    passwordHash: await createPasswordHasher(TEST_PASSWORD_COST).hash(PASSWORD),
    role,
    verified: true,
  });
  return sessionCookieOf(await logIn(target.app, email));
}

/** One request with a session cookie (none for a visitor) and an optional JSON body. */
export function requestAs(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) });
}
