/** A paper as the arXiv export API describes it, in either of its wire formats. */
export interface ArxivPaper {
  /** Without version; old-style ids keep their archive (`hep-th/9901001`). */
  arxivId: string;
  version: number;
  title: string;
  abstract: string;
  authors: { name: string; affiliations: string[] }[];
  primaryCategory: string;
  /** arXiv taxonomy terms, primary first. */
  categories: string[];
  /** ACM/MSC class terms, kept apart from arXiv categories. */
  classCodes: string[];
  /** ISO-8601. */
  published: string;
  updated: string;
  pdfUrl: string;
  comment: string | null;
  journalRef: string | null;
  doi: string | null;
}

/**
 * Why a lookup failed, so each case gets its own clear message: `unavailable` when arXiv is busy or
 * slow, `unreachable` when this server cannot connect to it at all (no DNS answer, connection refused
 * or reset), which is this server's network to fix, not arXiv's load.
 */
export type ArxivErrorKind = 'invalid_id' | 'not_found' | 'api_error' | 'unavailable' | 'unreachable';

export class ArxivError extends Error {
  constructor(
    readonly kind: ArxivErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface ArxivClient {
  /** The newest version of a paper; throws ArxivError. */
  fetchPaper(arxivId: string): Promise<ArxivPaper>;
  /** The newest papers of these categories, newest first (the ingest schedule). */
  fetchNewest(categories: string[], max: number): Promise<ArxivPaper[]>;
}
