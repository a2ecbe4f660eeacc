/** Where the digest sends a visitor after signing in, unless a guard asked for another page. */
export const AFTER_SIGN_IN_PATH = '/ai-digest';

/** The id of the account page's email digest section, which the avatar menu's Email digest opens at. */
export const EMAIL_DIGEST_SECTION = 'email-digest';

/** Navigation state that a guard gives /authenticate: the page the visitor was sent away from. */
export interface RedirectState {
  redirectTo: string;
}

/** Navigation state that sign-up gives /check-email: the address the link was sent to. */
export interface CheckEmailState {
  email: string;
}

function field(state: unknown, name: string): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/** The page to open after sign-in: a path on this site only (never `//host` or a full URL). */
export function redirectTarget(state: unknown): string {
  const target = field(state, 'redirectTo');
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : AFTER_SIGN_IN_PATH;
}

export function checkEmailAddress(state: unknown): string | null {
  return field(state, 'email');
}

/**
 * Navigation state of the page a reader just deleted their account on: the id of the account, so
 * that the signed-in guard lets the page say it is done rather than ask to sign in, and so that
 * someone else signed in later on this tab is not told so.
 */
export interface AccountDeletedState {
  deletedUserId: number;
}

export function deletedUserId(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as Record<string, unknown>).deletedUserId;
  return typeof id === 'number' ? id : null;
}
