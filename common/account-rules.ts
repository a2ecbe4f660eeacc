/** Account rules shared by server and client, free of zod so the web bundle stays small. */

export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export const MIN_PASSWORD_LENGTH = 8;
/**
 * Longest accepted values. Bodies longer than these are refused before anything is looked up or
 * counted, so a request's size cannot make the server keep more than a few hundred bytes of it.
 * An address has at most 254 characters (RFC 5321); tokens the server issues have 43.
 */
export const MAX_LENGTHS = { email: 254, password: 1024, name: 100, token: 256 } as const;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USER_PAGE_SIZES = [10, 25, 50] as const;

/** Stable error codes of the auth API, which the web client maps to texts. */
export const AUTH_ERRORS = {
  missingFields: 'missing_fields',
  invalidEmail: 'invalid_email',
  weakPassword: 'weak_password',
  invalidCredentials: 'invalid_credentials',
  emailNotVerified: 'email_not_verified',
  /** An administrator unverified the account: no link verifies it, only an administrator. */
  unverifiedByAdmin: 'unverified_by_admin',
  invalidToken: 'invalid_token',
  missingToken: 'missing_token',
  /** An administrator suspended the account: it cannot sign in until one restores it. */
  accountSuspended: 'account_suspended',
  /** Deleting one's account needs its password. */
  wrongPassword: 'wrong_password',
} as const;

/** Stable error codes of user administration. */
export const USER_ERRORS = {
  /**
   * An administrator may not unverify, suspend, demote or delete their own account, so at least one
   * administrator remains.
   */
  ownAccount: 'own_account',
  /** The one remaining administrator may not be suspended, demoted or deleted. */
  lastAdmin: 'last_admin',
  /** An administrator's account is not deleted from its own page: another administrator demotes it first. */
  adminAccount: 'admin_account',
  /** Suspending an account that is suspended already, or restoring one that is not. */
  alreadySuspended: 'already_suspended',
  notSuspended: 'not_suspended',
} as const;

export const isAdmin = (user: { role: string } | null | undefined): boolean => user?.role === 'admin';
