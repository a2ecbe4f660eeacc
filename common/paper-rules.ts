/** Paper rules shared by server and client, free of zod so the web bundle stays small. */

/** 'Null' is the spec's value for "not applicable". */
export const NULL_VALUE = 'Null';

export const DIGEST_PAGE_SIZE = 6;

/** Category names the digest's dropdown leaves out (compared case-insensitively). */
export function isCatchAllCategory(name: string): boolean {
  return /^others?$/i.test(name.trim());
}
