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
} as const;

/** Stable error codes of user administration. */
export const USER_ERRORS = {
  /** An administrator may not unverify their own account, so at least one verified administrator remains. */
  ownAccount: 'own_account',
} as const;

export const isAdmin = (user: { role: string } | null | undefined): boolean => user?.role === 'admin';
