/** Search limits both sides need; zod-free so the digest's first chunk can import it. */

/** The digest asks for this many results and pages them on the client. */
export const DIGEST_SEARCH_TOP_K = 9;
/** Search results shown per page on the client. */
export const DIGEST_SEARCH_PAGE_SIZE = 6;
/** The most results one search may ask for. */
export const SEARCH_TOP_K_MAX = 50;
/** The most results a search may skip: "More results" asks for the next ones this far down the ranking. */
export const SEARCH_OFFSET_MAX = 100;
/** The error code of a search in a category the digest does not have (400). */
export const UNKNOWN_CATEGORY_ERROR = 'unknown_category';
/** Longer queries are refused: an abstract pasted whole fits (arXiv allows 1,920 characters). */
export const SEARCH_QUERY_MAX_LENGTH = 2_000;
/** Related papers shown on a paper's page. */
export const RELATED_PAPERS_LIMIT = 6;
