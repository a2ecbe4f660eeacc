import type { FastifyBaseLogger } from 'fastify';
import type { TextEmbedder } from '../../providers/embeddings/types.js';
import type { VectorIndex } from './vector-index.js';

/** Which papers a search may answer: all (undefined), or those it takes (a category's). */
export type Accept = ((paperId: number) => boolean) | undefined;

/**
 * In a category, vectors are asked for this many times as many neighbours, and those of other
 * categories dropped: the index cannot filter, and vectors only add after full text, so a few
 * places fewer is no loss.
 */
const CATEGORY_VECTOR_OVERSAMPLING = 4;

/** The vector side of search: the papers nearest to a question or to a paper, and the wait for them. */
export function createVectorSide({
  embedder,
  log,
}: {
  embedder: Pick<TextEmbedder, 'modelId' | 'embed'>;
  log: FastifyBaseLogger;
}) {
  /** The nearest papers to a vector that `accept` takes, up to `limit`, nearest first. */
  async function nearest(index: VectorIndex, vector: Float32Array, limit: number, accept: Accept) {
    const near = await index.nearest(embedder.modelId, vector, accept ? limit * CATEGORY_VECTOR_OVERSAMPLING : limit);
    return (accept ? near.filter((paper) => accept(paper.paperId)) : near).slice(0, limit);
  }

  return {
    nearest,

    /**
     * The vector ranking of a query, its vector made in the embedder's lane for questions: the
     * nearest papers as near as `floor` or nearer.
     */
    async ranking(
      index: VectorIndex,
      text: string,
      limit: number,
      floor: number,
      accept: Accept,
      signal: AbortSignal,
    ): Promise<number[]> {
      const [vector] = await embedder.embed([text], signal, 'query');
      if (!vector) throw new Error('the model answered no vector');
      const near = await nearest(index, vector, limit, accept);
      return near.filter((paper) => paper.similarity >= floor).map((paper) => paper.paperId);
    },

    /**
     * The vector side's ranking if it answers within `waitMs` from now, else null (said in the log,
     * and the side's work aborted); null as well when it failed.
     */
    async within(
      side: Promise<{ ids: number[] } | { error: unknown }>,
      waitMs: number,
      abort: AbortController,
    ): Promise<number[] | null> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), waitMs);
      });
      const outcome = await Promise.race([side, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        abort.abort(new Error(`the search query was not embedded within ${waitMs} ms`));
        log.warn({ waitMs }, 'the search query was not embedded in time: answering from full text alone');
        return null;
      }
      if ('error' in outcome) {
        log.warn({ err: outcome.error }, 'embedding a search query failed: answering from full text alone');
        return null;
      }
      return outcome.ids;
    },
  };
}
