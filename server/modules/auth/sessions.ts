import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '../../../common/users.js';
import { AppError } from '../../errors.js';
import { toPublicUser, type UsersRepo } from '../users/repo.js';
import type { AuthRepo } from './repo.js';
import { TOKEN_LIFETIME_MS } from './service.js';
import { hashToken, randomToken } from './tokens.js';

export const SESSION_COOKIE = 'sid';
/**
 * Marks the browser that signed up, so that its verification link signs in that browser only. Sent
 * only to the verification call, and only from the site's own pages (SameSite=Strict).
 */
export const SIGNUP_COOKIE = 'signup';
const SIGNUP_COOKIE_PATH = '/api/auth/verify-email';
const DAY = 24 * 60 * 60 * 1000;
const IDLE_LIFETIME_MS = 30 * DAY;
/** However active, a session ends this long after sign-in, so a stolen cookie does not work forever. */
const ABSOLUTE_LIFETIME_MS = 90 * DAY;
/** Activity is written at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export const notAnAdmin = () => new AppError(403, 'forbidden', 'This needs an administrator account.');

/**
 * Sessions are a random id in a signed, httpOnly, SameSite=Lax cookie; the database holds only its
 * hash. A session expires after 30 days without activity, and 90 days after sign-in whatever the activity.
 */
export function createSessions(deps: { authRepo: AuthRepo; usersRepo: UsersRepo; secureCookies: boolean }) {
  const { authRepo, usersRepo } = deps;
  const resolved = new WeakMap<FastifyRequest, Promise<PublicUser | null>>();

  /** The hash of the value of a signed cookie of this request; null when absent or its signature is wrong. */
  function signedCookieHash(request: FastifyRequest, name: string): string | null {
    const raw = request.cookies[name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? hashToken(unsigned.value) : null;
  }

  const cookieIdHash = (request: FastifyRequest) => signedCookieHash(request, SESSION_COOKIE);

  function setCookie(reply: FastifyReply, sessionId: string) {
    reply.setCookie(SESSION_COOKIE, sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      signed: true,
      maxAge: IDLE_LIFETIME_MS / 1000,
    });
  }

  async function resolve(request: FastifyRequest): Promise<PublicUser | null> {
    const idHash = cookieIdHash(request);
    if (!idHash) return null;
    const session = await authRepo.findSession(idHash);
    const now = new Date();
    if (!session) return null;
    const endOfLife = session.createdAt.getTime() + ABSOLUTE_LIFETIME_MS;
    if (session.expiresAt <= now || endOfLife <= now.getTime()) {
      await authRepo.deleteSession(idHash);
      return null;
    }
    const user = await usersRepo.findById(session.userId);
    // Suspending ends the sessions; this also refuses one a sign-in started in the same instant.
    if (user?.is_verified !== 1 || user.suspended_at !== null) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const expiresAt = Math.min(now.getTime() + IDLE_LIFETIME_MS, endOfLife);
      await authRepo.touchSession(idHash, now, new Date(expiresAt));
    }
    return toPublicUser(user);
  }

  return {
    /** Starts a new session (a new id every sign-in) and sets its cookie. */
    async start(reply: FastifyReply, userId: number): Promise<void> {
      const sessionId = randomToken();
      await authRepo.createSession(hashToken(sessionId), userId, new Date(Date.now() + IDLE_LIFETIME_MS));
      setCookie(reply, sessionId);
    },

    /** The signed-in user of this request, or null; looked up once per request. */
    current(request: FastifyRequest): Promise<PublicUser | null> {
      let user = resolved.get(request);
      if (!user) {
        user = resolve(request);
        resolved.set(request, user);
      }
      return user;
    },

    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const idHash = cookieIdHash(request);
      if (idHash) await authRepo.deleteSession(idHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },

    /** The hash of this request's session id, to keep it when ending the user's other sessions. */
    idHashOf: cookieIdHash,

    /**
     * A new sign-up marker: the hash to store with the sign-up's link, and `setOn`, which sets its
     * cookie (httpOnly, signed, as long-lived as a verification link) once the sign-up is accepted.
     */
    newSignupMarker() {
      const marker = randomToken();
      return {
        hash: hashToken(marker),
        setOn(reply: FastifyReply): void {
          reply.setCookie(SIGNUP_COOKIE, marker, {
            path: SIGNUP_COOKIE_PATH,
            httpOnly: true,
            sameSite: 'strict',
            secure: deps.secureCookies,
            signed: true,
            maxAge: TOKEN_LIFETIME_MS.verify / 1000,
          });
        },
      };
    },

    /** The hash of this request's sign-up marker, or null. */
    signupMarkerOf: (request: FastifyRequest) => signedCookieHash(request, SIGNUP_COOKIE),

    /** Removes the sign-up marker once it has signed its browser in. */
    clearSignupMarker(reply: FastifyReply): void {
      reply.clearCookie(SIGNUP_COOKIE, { path: SIGNUP_COOKIE_PATH });
    },

    async requireUser(request: FastifyRequest): Promise<PublicUser> {
      const user = await this.current(request);
      if (!user) throw new AppError(401, 'unauthenticated', 'Please sign in first.');
      return user;
    },

    async requireAdmin(request: FastifyRequest): Promise<PublicUser> {
      const user = await this.requireUser(request);
      if (user.role !== 'admin') throw notAnAdmin();
      return user;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
