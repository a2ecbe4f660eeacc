/** Paper rules shared by server and client, free of zod so the web bundle stays small. */

/** 'Null' is the spec's value for "not applicable". */
export const NULL_VALUE = 'Null';

export const DIGEST_PAGE_SIZE = 6;

/** Category names the digest's dropdown leaves out (compared case-insensitively). */
export function isCatchAllCategory(name: string): boolean {
  return /^others?$/i.test(name.trim());
}

/** The error code of a scrape refused because an admin deleted the paper (409): restoring it allows it again. */
export const PAPER_DELETED_ERROR = 'paper_deleted';

/** Deleted arXiv ids per page on the admin papers screen. */
export const DELETED_PAPERS_PAGE_SIZE = 20;

/** Longest category name (and Arabic name), in characters, wherever one is made. */
export const CATEGORY_NAME_MAX_LENGTH = 100;

/**
 * C0 and C1 control characters and DEL, never part of a category name: among them U+001F and U+001E,
 * which pack a paper's categories (name, then Arabic name) into one column.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
const CONTROL_OR_SPACE_RUN = /[\s\u0000-\u001f\u007f-\u009f]+/g;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** A name a category may be stored under: 1–100 characters, no control character, no space at either end. */
export function isCategoryName(name: string): boolean {
  return (
    name.length >= 1 && name.length <= CATEGORY_NAME_MAX_LENGTH && name.trim() === name && !hasControlCharacter(name)
  );
}

/**
 * A category name as a model wrote it, made fit to store: each run of control characters and white
 * space becomes one space, the ends are trimmed. Null when nothing is left or it is longer than a name
 * may be, which no category name is.
 */
export function cleanCategoryName(raw: string): string | null {
  const name = raw.replace(CONTROL_OR_SPACE_RUN, ' ').trim();
  return isCategoryName(name) ? name : null;
}
