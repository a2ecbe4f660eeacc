/**
 * The body limit of every route that declares none: enough for a JSON body of short fields (sign-in,
 * a search, a category name). A body over its route's limit is answered 413 as soon as its
 * Content-Length says so, before any of it is read; without one, once the limit is passed.
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Room for a body's keys, punctuation and short fields beside its long texts. */
const JSON_OVERHEAD_BYTES = 4 * 1024;

/**
 * The limit of a JSON body whose texts hold at most `characters` UTF-16 units in all, as a client's
 * JSON.stringify writes it: at most 3 bytes a unit (a CJK character; an escaped quote or an Arabic
 * letter takes 2, a character outside the BMP 4 for its 2 units).
 */
export function jsonBodyLimit(characters: number): number {
  return 3 * characters + JSON_OVERHEAD_BYTES;
}
