/** Email-digest rules shared by server and client, free of zod so the web pages carry no schema library. */

/** How often a reader gets the digest: weekly (each ISO week, from Monday 00:00 UTC) or daily (each UTC day). */
export const DIGEST_FREQUENCIES = ['weekly', 'daily'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DEFAULT_DIGEST_FREQUENCY: DigestFrequency = 'weekly';

/** The most categories one reader may follow. */
export const MAX_FOLLOWED_CATEGORIES = 50;
/** Longest category name accepted in a request; the site's names are far shorter. */
export const MAX_CATEGORY_NAME_LENGTH = 200;

/** Stable error codes of the digest API, which the web client maps to texts. */
export const DIGEST_ERRORS = {
  unknownCategory: 'unknown_category',
  missingToken: 'missing_token',
  invalidToken: 'invalid_token',
} as const;
