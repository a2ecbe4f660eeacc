import { fastifyCookie } from '@fastify/cookie';
import type { DbHandle } from '../db/connect.js';
import { createAuthRepo } from '../modules/auth/repo.js';
import { SESSION_COOKIE } from '../modules/auth/sessions.js';
import { hashToken, randomToken } from '../modules/auth/tokens.js';

const SESSION_DAYS = 30;

/**
 * A session for the account as a sign-in leaves one (a random id, stored hashed), as the Cookie
 * header that sends it signed with `sessionSecret`: for many accounts signed in without hashing a
 * password each (benchmarks, the security scan).
 */
export async function storedSessionCookie(handle: DbHandle, userId: number, sessionSecret: string): Promise<string> {
  const sessionId = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await createAuthRepo(handle.db).createSession(hashToken(sessionId), userId, expiresAt);
  // Encoded as the server's Set-Cookie encodes it.
  return `${SESSION_COOKIE}=${encodeURIComponent(fastifyCookie.sign(sessionId, sessionSecret))}`;
}
