/**
 * The localStorage keys of what the browser remembers for a reader, in a module of their own: the
 * page's first script (web/boot.ts) reads them without carrying the app.
 */

/** The local copy of the signed-in user (SPEC §3), read before the session check answers. */
export const USER_STORAGE_KEY = 'user';

/** The chosen language (SPEC §2 Language switcher). */
export const LOCALE_STORAGE_KEY = 'locale';
