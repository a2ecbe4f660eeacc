import { availableParallelism } from 'node:os';
import type { DbHandle } from '../../server/db/connect.js';
import { createLogger } from '../../server/logger.js';
import { lazyVectorSupport } from '../../server/modules/search/vector-index.js';
import type { ArxivPaper } from '../../server/providers/arxiv/types.js';
import {
  createUseLiteEmbedder,
  USE_LITE_DIMENSIONS,
  USE_LITE_MODEL_ID,
} from '../../server/providers/embeddings/use-lite.js';
import { corpusVectors, processedPaperText } from './corpus-vectors.js';
import { fillVectors } from './fill-vectors.js';

/** The vector of each text the app embeds for the papers of `file`, made with the bundled encoder, one per core (cached). */
export async function vectorsByText(
  file: string,
  papers: readonly ArxivPaper[],
): Promise<Map<string, Float32Array | undefined>> {
  const embedders = Array.from({ length: availableParallelism() }, createUseLiteEmbedder);
  try {
    const vectors = await corpusVectors(file, embedders, USE_LITE_DIMENSIONS);
    return new Map(papers.map((paper) => [processedPaperText(paper), vectors.get(paper.arxivId)]));
  } finally {
    await Promise.all(embedders.map((embedder) => embedder.close()));
  }
}

/**
 * Where the database has a vector index, stores a vector for each paper that lacks one (see
 * fillVectors), so that no worker spends the run embedding; else says that search runs on full text.
 */
export async function storeVectors(handle: DbHandle, byText: Map<string, Float32Array | undefined>): Promise<void> {
  const { index, reason } = await lazyVectorSupport(handle, createLogger('error'))();
  if (!index) {
    console.log(`  no vector index (${reason}): search runs on full text alone`);
    return;
  }
  const started = Date.now();
  const stored = await fillVectors(handle, index, USE_LITE_MODEL_ID, (text) => byText.get(text));
  if (stored > 0) console.log(`  stored ${stored} vectors in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
