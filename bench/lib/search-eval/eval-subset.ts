import type { ArxivPaper } from '../../../server/providers/arxiv/types.js';
import { paraphraseQueries } from './judged-sets.js';
import { sample } from './sample.js';

/** Draws the papers of --papers. */
const SUBSET_SEED = 20261127;

/**
 * The papers of `npm run eval:search -- --papers N`, whose store it embeds: N papers drawn by the
 * seed, and the paraphrased questions' papers (drawn from the whole corpus, so a part keeps them).
 * Other evals pass the same N to read that store and its vectors.
 */
export function evalSubset(corpus: readonly ArxivPaper[], count: number): ArxivPaper[] {
  const questioned = new Set(paraphraseQueries(corpus).flatMap(({ judgments }) => [...judgments.keys()]));
  const drawn = new Set(sample(corpus, count, SUBSET_SEED).map((paper) => paper.arxivId));
  return corpus.filter((paper) => drawn.has(paper.arxivId) || questioned.has(paper.arxivId));
}
