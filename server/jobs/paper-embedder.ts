import type { Summary } from '../../common/papers.js';
import type { PaperSideWrite } from '../modules/queue/processed-repo.js';

/**
 * The hook semantic search fills: given a processed paper before it is stored, it does the slow part
 * (computing an embedding) and answers the write to make beside the paper, in the transaction that
 * stores it, so a paper is never searchable without being stored or stored without being searchable.
 */
export interface PaperEmbedder {
  prepare(
    paper: { arxivId: string; title: string; abstract: string; summary: Summary },
    signal: AbortSignal,
  ): Promise<PaperSideWrite>;
}

/** Until search is built, papers are stored without an embedding. */
export const noEmbedding: PaperEmbedder = {
  prepare: async () => async () => {},
};
