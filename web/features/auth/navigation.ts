/** Where the digest sends a visitor after signing in, unless a guard asked for another page. */
export const AFTER_SIGN_IN_PATH = '/ai-digest';

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
