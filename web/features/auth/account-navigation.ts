/** The id of the account page's email digest section, which the avatar menu's Email digest opens at. */
export const EMAIL_DIGEST_SECTION = 'email-digest';

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
