import type { Locale } from '../../../common/account-rules.js';
import { AUTH_ERRORS, EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '../../../common/account-rules.js';
import type { PublicUser } from '../../../common/users.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import { normaliseEmail, toPublicUser, type UserRow, type UsersRepo } from '../users/repo.js';
import { type AccountMailKind, accountMail } from './mail-templates.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepo } from './repo.js';
import { hashToken, randomToken } from './tokens.js';

const HOUR = 60 * 60 * 1000;
const TOKEN_LIFETIME_MS: Record<AccountMailKind, number> = { verify: 24 * HOUR, reset: HOUR };

export const AUTH_LIMITS = {
  loginPerIp: { max: 20, windowMs: 15 * 60 * 1000 },
  loginPerEmail: { max: 10, windowMs: 15 * 60 * 1000 },
  signupPerIp: { max: 10, windowMs: HOUR },
  signupPerEmail: { max: 5, windowMs: HOUR },
  mailPerIp: { max: 10, windowMs: HOUR },
  mailPerEmail: { max: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

export const AUTH_MESSAGES = {
  signedUp: 'Registration successful. Please check your email to verify your account.',
  verified: 'Email verified successfully.',
  signedIn: 'Login successful.',
  signedOut: 'Logged out.',
  resetSent: 'If an account exists for that email, a reset link has been sent.',
  verificationResent: 'If that account still needs verification, a new link has been sent.',
  passwordReset: 'Password reset successful.',
} as const;

const fail = (status: number, code: string, message: string) => new AppError(status, code, message);

interface Credentials {
  email?: string;
  password?: string;
}

export function createAuthService(deps: {
  usersRepo: UsersRepo;
  authRepo: AuthRepo;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  siteName: string;
}) {
  const { usersRepo, authRepo, limiter } = deps;

  function limit(keys: [string, RateLimit][]) {
    const refused = limiter.hit(keys);
    if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
  }

  function checkPassword(password: string) {
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw fail(400, AUTH_ERRORS.weakPassword, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
  }

  async function sendLink(user: UserRow, kind: AccountMailKind, locale: Locale) {
    const token = randomToken();
    await authRepo.replaceToken(user.id, kind, hashToken(token), new Date(Date.now() + TOKEN_LIFETIME_MS[kind]));
    const path = kind === 'verify' ? 'verify-email' : 'reset-password';
    const link = `${deps.publicUrl}/${path}?token=${token}`;
    deps.mailer.deliver(accountMail({ kind, locale, to: user.email, name: user.name, siteName: deps.siteName, link }));
  }

  /**
   * The account a link mail is asked for, counted against the mail limits whether or not it exists,
   * so the answers never tell which addresses have accounts.
   */
  async function accountForMail(rawEmail: string | undefined, ip: string): Promise<UserRow | undefined> {
    const email = normaliseEmail(rawEmail ?? '');
    if (!email) throw fail(400, AUTH_ERRORS.missingFields, 'Email is required.');
    limit([
      [`mail:ip:${ip}`, AUTH_LIMITS.mailPerIp],
      [`mail:email:${email}`, AUTH_LIMITS.mailPerEmail],
    ]);
    return usersRepo.findByEmail(email);
  }

  const localeOf = (user: UserRow, requested?: Locale): Locale => requested ?? (user.locale === 'ar' ? 'ar' : 'en');

  return {
    async signup(body: { name?: string; email?: string; password?: string; locale?: Locale }, ip: string) {
      const name = body.name?.trim() ?? '';
      const email = normaliseEmail(body.email ?? '');
      const password = body.password ?? '';
      limit([
        [`signup:ip:${ip}`, AUTH_LIMITS.signupPerIp],
        ...(email ? [[`signup:email:${email}`, AUTH_LIMITS.signupPerEmail] as [string, RateLimit]] : []),
      ]);
      if (!name || !email || !password) throw fail(400, AUTH_ERRORS.missingFields, 'All fields are required.');
      if (!EMAIL_PATTERN.test(email)) {
        throw fail(400, AUTH_ERRORS.invalidEmail, 'Please enter a valid email address.');
      }
      checkPassword(password);
      const conflict = fail(409, AUTH_ERRORS.emailTaken, 'An account with this email already exists.');
      if (await usersRepo.findByEmail(email)) throw conflict;
      let user: UserRow;
      try {
        user = await usersRepo.insert({ name, email, passwordHash: await hashPassword(password), locale: body.locale });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict;
        throw error;
      }
      await sendLink(user, 'verify', localeOf(user, body.locale));
      return { user: toPublicUser(user), message: AUTH_MESSAGES.signedUp };
    },

    async verifyEmail(token: string | undefined): Promise<PublicUser> {
      if (!token) throw fail(400, AUTH_ERRORS.missingToken, 'Verification token is missing.');
      const userId = await authRepo.consumeToken(hashToken(token), 'verify', new Date());
      const user = userId === null ? undefined : await usersRepo.update(userId, { verified: true });
      if (!user) throw fail(400, AUTH_ERRORS.invalidToken, 'This verification link is invalid or has expired.');
      return toPublicUser(user);
    },

    async login(body: Credentials & { locale?: Locale }, ip: string): Promise<PublicUser> {
      const email = normaliseEmail(body.email ?? '');
      const password = body.password ?? '';
      if (!email || !password) throw fail(400, AUTH_ERRORS.missingFields, 'Email and password are required.');
      limit([
        [`login:ip:${ip}`, AUTH_LIMITS.loginPerIp],
        [`login:email:${email}`, AUTH_LIMITS.loginPerEmail],
      ]);
      const user = await usersRepo.findByEmail(email);
      // The hash is checked even for an unknown address, so timing does not tell which addresses exist.
      const matches = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!user || !matches) throw fail(401, AUTH_ERRORS.invalidCredentials, 'Invalid email or password.');
      if (user.is_verified !== 1) {
        throw fail(403, AUTH_ERRORS.emailNotVerified, 'Please verify your email address before signing in.');
      }
      const updated =
        body.locale && body.locale !== user.locale ? await usersRepo.update(user.id, { locale: body.locale }) : user;
      return toPublicUser(updated ?? user);
    },

    async forgotPassword(body: { email?: string; locale?: Locale }, ip: string) {
      const user = await accountForMail(body.email, ip);
      if (user) await sendLink(user, 'reset', localeOf(user, body.locale));
      return { message: AUTH_MESSAGES.resetSent };
    },

    async resendVerification(body: { email?: string; locale?: Locale }, ip: string) {
      const user = await accountForMail(body.email, ip);
      if (user && user.is_verified !== 1) await sendLink(user, 'verify', localeOf(user, body.locale));
      return { message: AUTH_MESSAGES.verificationResent };
    },

    /** Sets the new password and ends the user's other sessions; following the mailed link also verifies. */
    async resetPassword(body: { token?: string; newPassword?: string }, currentSessionHash: string | null) {
      if (!body.token) throw fail(400, AUTH_ERRORS.missingToken, 'Missing token.');
      const password = body.newPassword ?? '';
      if (!password) throw fail(400, AUTH_ERRORS.missingFields, 'All fields are required.');
      checkPassword(password);
      const userId = await authRepo.consumeToken(hashToken(body.token), 'reset', new Date());
      if (userId === null) throw fail(400, AUTH_ERRORS.invalidToken, 'This reset link is invalid or has expired.');
      await usersRepo.update(userId, { passwordHash: await hashPassword(password), verified: true });
      await authRepo.deleteSessionsOf(userId, currentSessionHash);
      return { message: AUTH_MESSAGES.passwordReset };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
