import type { Locale } from '../../../common/account-rules.js';
import { AUTH_ERRORS, EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '../../../common/account-rules.js';
import type { PublicUser } from '../../../common/users.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, tooManyAttempts } from '../../errors.js';
import { clientKey } from '../../http/client-address.js';
import type { LimitedKey, RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import { normaliseEmail, toPublicUser, type UserRow, type UsersRepo } from '../users/repo.js';
import type { LinkMailer } from './link-mail.js';
import { type AccountMailKind, greetingName } from './mail-templates.js';
import type { PasswordHasher } from './passwords.js';
import type { AuthRepo } from './repo.js';
import { hashToken, randomToken } from './tokens.js';

const HOUR = 60 * 60 * 1000;
export const TOKEN_LIFETIME_MS: Record<AccountMailKind, number> = { verify: 24 * HOUR, reset: HOUR };

/**
 * A client is an IPv4 address or an IPv6 /64. Sign-in counts failures per address and client, so a
 * stranger's wrong guesses never lock the owner's own client out; a correct password clears them.
 */
export const AUTH_LIMITS = {
  loginPerClient: { max: 20, windowMs: 15 * 60 * 1000 },
  loginFailuresPerAccountAndClient: { max: 10, windowMs: 15 * 60 * 1000 },
  signupPerClient: { max: 10, windowMs: HOUR },
  signupPerEmail: { max: 5, windowMs: HOUR },
  mailPerClient: { max: 10, windowMs: HOUR },
  mailPerEmail: { max: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

export const AUTH_MESSAGES = {
  signedUp: 'Registration successful. Please check your email to verify your account.',
  verified: 'Email verified successfully.',
  verifiedSignIn: 'Email verified successfully. Please sign in.',
  signedIn: 'Login successful.',
  signedOut: 'Logged out.',
  resetSent: 'If an account exists for that email, a reset link has been sent.',
  verificationResent: 'If that account still needs verification, a new link has been sent.',
  passwordReset: 'Password reset successful.',
  choosePassword: 'Choose a password to verify your email address.',
  verifiedPasswordSet: 'Email verified and password set. Please sign in.',
} as const;

const fail = (status: number, code: string, message: string) => new AppError(status, code, message);

/** What a suspended account is told when it signs in. */
export const SUSPENDED_MESSAGE =
  'An administrator suspended this account, so it cannot sign in until an administrator restores it.';

interface Credentials {
  email?: string;
  password?: string;
}

export function createAuthService(deps: {
  usersRepo: Pick<UsersRepo, 'findByEmail' | 'insert' | 'update' | 'verifyByLink'>;
  authRepo: Pick<AuthRepo, 'replaceToken' | 'findValidToken' | 'consumeToken' | 'deleteSessionsOf' | 'purgeExpired'>;
  linkMailer: Pick<LinkMailer, 'deliver' | 'deliverSignupNotice'>;
  limiter: RateLimiter;
  passwords: PasswordHasher;
}) {
  const { usersRepo, authRepo, limiter, passwords } = deps;

  async function limit(keys: LimitedKey[]) {
    const refused = await limiter.hit(keys);
    if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
  }

  function checkPassword(password: string) {
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw fail(400, AUTH_ERRORS.weakPassword, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
  }

  const isVerified = (user: UserRow) => user.is_verified === 1;
  const localeOf = (user: UserRow, requested?: Locale): Locale => requested ?? (user.locale === 'ar' ? 'ar' : 'en');
  /** A link of an account an administrator unverified is used up, verifying nothing. */
  async function refuseHeldLink(tokenHash: string): Promise<never> {
    await authRepo.consumeToken(tokenHash, 'verify', new Date());
    throw unverifiedByAdmin();
  }
  const invalidVerifyLink = () =>
    fail(400, AUTH_ERRORS.invalidToken, 'This verification link is invalid or has expired.');
  const unverifiedByAdmin = () =>
    fail(
      403,
      AUTH_ERRORS.unverifiedByAdmin,
      'An administrator unverified this account; only an administrator can verify it again.',
    );

  async function sendLink(user: UserRow, kind: AccountMailKind, locale: Locale, signupMarkerHash?: string) {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS[kind]);
    await authRepo.replaceToken(user.id, kind, hashToken(token), expiresAt, locale, signupMarkerHash);
    const name = greetingName({ name: user.name, verified: isVerified(user) });
    deps.linkMailer.deliver({ kind, locale, to: user.email, name, token });
  }

  /** Tells the owner of an address that has an account that someone tried to register with it. */
  function sendSignupNotice(user: UserRow) {
    const name = greetingName({ name: user.name, verified: isVerified(user) });
    deps.linkMailer.deliverSignupNotice({ locale: localeOf(user), to: user.email, name });
  }

  /**
   * The account a link mail is asked for, counted against the mail limits whether or not it exists,
   * so the answers never tell which addresses have accounts.
   */
  async function accountForMail(rawEmail: string | undefined, ip: string): Promise<UserRow | undefined> {
    const email = normaliseEmail(rawEmail ?? '');
    if (!email) throw fail(400, AUTH_ERRORS.missingFields, 'Email is required.');
    await limit([
      [`mail:client:${clientKey(ip)}`, AUTH_LIMITS.mailPerClient],
      [`mail:email:${email}`, AUTH_LIMITS.mailPerEmail],
    ]);
    return usersRepo.findByEmail(email);
  }

  return {
    /**
     * A new account with its verification link, which carries the hash of the marker cookie of the
     * browser that signed up. A sign-up never changes an existing account: the address's owner is
     * mailed a notice instead. Every well-formed sign-up gets the same answer, and the password is
     * hashed for each, so neither the answer nor its time tells which addresses have accounts.
     */
    async signup(
      body: { name?: string; email?: string; password?: string; locale?: Locale },
      ip: string,
      signupMarkerHash: string,
    ) {
      const name = body.name?.trim() ?? '';
      const email = normaliseEmail(body.email ?? '');
      const password = body.password ?? '';
      await limit([
        [`signup:client:${clientKey(ip)}`, AUTH_LIMITS.signupPerClient],
        ...(email ? [[`signup:email:${email}`, AUTH_LIMITS.signupPerEmail] as LimitedKey] : []),
      ]);
      if (!name || !email || !password) throw fail(400, AUTH_ERRORS.missingFields, 'All fields are required.');
      if (!EMAIL_PATTERN.test(email)) throw fail(400, AUTH_ERRORS.invalidEmail, 'Please enter a valid email address.');
      checkPassword(password);
      const passwordHash = await passwords.hash(password);
      const answer = { message: AUTH_MESSAGES.signedUp };
      const existing = await usersRepo.findByEmail(email);
      if (existing) {
        sendSignupNotice(existing);
        return answer;
      }
      let user: UserRow;
      try {
        user = await usersRepo.insert({ name, email, passwordHash, locale: body.locale });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another sign-up with this address was stored meanwhile: its owner gets the notice.
        const taken = await usersRepo.findByEmail(email);
        if (taken) sendSignupNotice(taken);
        return answer;
      }
      await sendLink(user, 'verify', localeOf(user, body.locale), signupMarkerHash);
      return answer;
    },

    /**
     * Verifies the address of the link's account. Only the browser that signed up (its marker
     * cookie's hash is the link's) is signed in: `signsIn`. Elsewhere the password typed at sign-up
     * may be a stranger's who signed up the reader's address first, so a pending account is not
     * verified here: `passwordNeeded`, and verifyWithPassword takes the link with a new password. An
     * account verified meanwhile (by an administrator) is verified without, and signed in with its
     * password. An account an administrator unverified stays unverified.
     */
    async verifyEmail(
      token: string | undefined,
      signupMarkerHash: string | null,
    ): Promise<{ user: PublicUser; signsIn: boolean } | { passwordNeeded: true }> {
      if (!token) throw fail(400, AUTH_ERRORS.missingToken, 'Verification token is missing.');
      const tokenHash = hashToken(token);
      const found = await authRepo.findValidToken(tokenHash, 'verify', new Date());
      if (!found) throw invalidVerifyLink();
      if (found.heldByAdmin) await refuseHeldLink(tokenHash);
      const signsIn = signupMarkerHash !== null && found.signupMarkerHash === signupMarkerHash;
      if (!signsIn && !found.verified) return { passwordNeeded: true };
      const link = await authRepo.consumeToken(tokenHash, 'verify', new Date());
      const user = link && (await usersRepo.verifyByLink(link.userId));
      if (!user) throw invalidVerifyLink();
      if (!isVerified(user)) throw unverifiedByAdmin();
      return { user: toPublicUser(user), signsIn };
    },

    /**
     * Verifies the address of the link's account with a new password, which replaces the one typed at
     * sign-up, and ends the account's sessions: the way in for a browser that did not sign up.
     */
    async verifyWithPassword(body: { token?: string; newPassword?: string }) {
      if (!body.token) throw fail(400, AUTH_ERRORS.missingToken, 'Verification token is missing.');
      const password = body.newPassword ?? '';
      if (!password) throw fail(400, AUTH_ERRORS.missingFields, 'All fields are required.');
      checkPassword(password);
      const tokenHash = hashToken(body.token);
      const found = await authRepo.findValidToken(tokenHash, 'verify', new Date());
      if (found?.heldByAdmin) await refuseHeldLink(tokenHash);
      const passwordHash = await passwords.hash(password);
      const link = found && (await authRepo.consumeToken(tokenHash, 'verify', new Date()));
      if (!link) throw invalidVerifyLink();
      await usersRepo.verifyByLink(link.userId, { passwordHash });
      await authRepo.deleteSessionsOf(link.userId, null);
      return { message: AUTH_MESSAGES.verifiedPasswordSet };
    },

    async login(body: Credentials & { locale?: Locale }, ip: string): Promise<PublicUser> {
      const email = normaliseEmail(body.email ?? '');
      const password = body.password ?? '';
      if (!email || !password) throw fail(400, AUTH_ERRORS.missingFields, 'Email and password are required.');
      const client = clientKey(ip);
      // Counted before the password is checked, so concurrent guesses cannot all slip under the
      // limit; a correct password then takes its attempt back.
      const failuresKey = `login:failures:${client}:${email}`;
      await limit([
        [`login:client:${client}`, AUTH_LIMITS.loginPerClient],
        [failuresKey, AUTH_LIMITS.loginFailuresPerAccountAndClient],
      ]);
      const user = await usersRepo.findByEmail(email);
      // The hash is checked even for an unknown address, so timing does not tell which addresses exist.
      const matches = await passwords.verify(password, user?.password_hash);
      if (!user || !matches) throw fail(401, AUTH_ERRORS.invalidCredentials, 'Invalid email or password.');
      await limiter.forget(failuresKey);
      if (user.suspended_at !== null) throw fail(403, AUTH_ERRORS.accountSuspended, SUSPENDED_MESSAGE);
      if (!isVerified(user)) {
        if (user.unverified_at !== null) throw unverifiedByAdmin();
        throw fail(403, AUTH_ERRORS.emailNotVerified, 'Please verify your email address before signing in.');
      }
      const changes = {
        ...(body.locale && body.locale !== user.locale ? { locale: body.locale } : {}),
        ...(passwords.needsUpgrade(user.password_hash) ? { passwordHash: await passwords.hash(password) } : {}),
      };
      const updated = Object.keys(changes).length > 0 ? await usersRepo.update(user.id, changes) : user;
      return toPublicUser(updated ?? user);
    },

    async forgotPassword(body: { email?: string; locale?: Locale }, ip: string) {
      const user = await accountForMail(body.email, ip);
      if (user) await sendLink(user, 'reset', localeOf(user, body.locale));
      return { message: AUTH_MESSAGES.resetSent };
    },

    async resendVerification(body: { email?: string; locale?: Locale }, ip: string) {
      const user = await accountForMail(body.email, ip);
      // An account an administrator unverified gets no link: no link would verify it.
      if (user && !isVerified(user) && user.unverified_at === null) {
        await sendLink(user, 'verify', localeOf(user, body.locale));
      }
      return { message: AUTH_MESSAGES.verificationResent };
    },

    /**
     * Sets the new password and ends the user's other sessions and links; following the mailed link
     * also verifies the address, unless an administrator unverified the account.
     */
    async resetPassword(body: { token?: string; newPassword?: string }, currentSessionHash: string | null) {
      if (!body.token) throw fail(400, AUTH_ERRORS.missingToken, 'Missing token.');
      const password = body.newPassword ?? '';
      if (!password) throw fail(400, AUTH_ERRORS.missingFields, 'All fields are required.');
      checkPassword(password);
      const link = await authRepo.consumeToken(hashToken(body.token), 'reset', new Date());
      if (!link) throw fail(400, AUTH_ERRORS.invalidToken, 'This reset link is invalid or has expired.');
      await usersRepo.verifyByLink(link.userId, { passwordHash: await passwords.hash(password) });
      await authRepo.deleteSessionsOf(link.userId, currentSessionHash);
      return { message: AUTH_MESSAGES.passwordReset };
    },

    /** Deletes what has ended: sessions, used or expired links, rate-limit windows. */
    async purgeExpired(now = new Date()): Promise<void> {
      await authRepo.purgeExpired(now);
      await limiter.purgeExpired();
    },

    /** Releases the limiter's store (a Redis connection). */
    close: () => limiter.close(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
