import type { QuestionPart } from './question-parts.js';
import type { AlikePaper, SavedPaperText } from './word-pair-index.js';

/**
 * Full text as the search service asks it: BM25 over every paper, "more like this" and a reader's
 * saved papers. The site answers it from an index in each web process (`createTextSearch`); a site
 * past what one process holds answers it from a search engine or a BM25 extension of PostgreSQL
 * instead (docs/decisions/0050-full-text-past-one-process.md), and nothing else changes.
 */
export interface TextSearch {
  /** Up to `limit` papers by BM25 over the whole corpus, best first; only those `accept` takes, when given. */
  rank(
    question: string | readonly QuestionPart[],
    limit: number,
    accept?: (paperId: number) => boolean,
  ): Promise<number[]>;
  /** Up to `limit` papers like the text ("more like this"), best first; only those `accept` takes, when given. */
  similar(
    text: { title: string; abstract: string },
    limit: number,
    accept?: (paperId: number) => boolean,
  ): Promise<number[]>;
  /**
   * Up to `limit` papers like a reader's saved papers, best first, each with the saved paper it is
   * most like; saved papers never, and only those `accept` takes, when given; those `lifted` takes
   * lifted (fused with the best of all by reciprocal rank).
   */
  alike(
    saved: readonly SavedPaperText[],
    limit: number,
    accept?: (paperId: number) => boolean,
    lifted?: (paperId: number) => boolean,
  ): Promise<AlikePaper[]>;
  /** Makes ready ahead of the first search (web processes, at start). */
  warmUp(): Promise<void>;
}
