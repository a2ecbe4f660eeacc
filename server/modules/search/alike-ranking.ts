import type { TextEmbedder } from '../../providers/embeddings/types.js';
import { fuseRankings } from './fusion.js';
import type { SearchRepo } from './repo.js';
import type { SearchWeights } from './service.js';
import type { TextSearch } from './text-search-engine.js';
import type { VectorSupport } from './vector-index.js';
import type { Accept, createVectorSide } from './vector-side.js';
import type { AlikePaper, SavedPaperText } from './word-pair-index.js';

/**
 * The areas a reader reads: the arXiv primary categories of the papers they saved, and the ids of the
 * categories they follow.
 */
export interface ReaderAreas {
  primaryCategories: readonly string[];
  categoryIds: readonly number[];
}

export const NO_AREAS: ReaderAreas = { primaryCategories: [], categoryIds: [] };

/**
 * Saved papers, the newest first, whose vector neighbours join a reader's recommendations: each
 * costs a read of its vector and a scan of the index, and the newest say most of what a reader reads now.
 */
const SAVED_WITH_VECTORS = 10;

export interface AlikeRankingDeps {
  repo: Pick<SearchRepo, 'primaryCategories' | 'paperIdsInCategory'>;
  textSearch: Pick<TextSearch, 'alike'>;
  vectorSupport: () => Promise<VectorSupport>;
  embedder: Pick<TextEmbedder, 'modelId'>;
  vectors: Pick<ReturnType<typeof createVectorSide>, 'nearest'>;
  /** The search's answer cache, kept while the papers and their vectors do not change. */
  cached: <T>(key: string, make: () => Promise<T>) => Promise<T>;
  weights: SearchWeights;
  similarityFloor: number;
}

/** "For you"'s ranking over the search's indexes: papers like a reader's saved ones, their areas lifted. */
export function createAlikeRanking({
  repo,
  textSearch,
  vectorSupport,
  embedder,
  vectors,
  cached,
  weights,
  similarityFloor,
}: AlikeRankingDeps) {
  /**
   * The saved papers' nearest papers by vector that `accept` takes, as near as the similarity floor
   * or nearer (below it a paper is not like them), the nearest first; each with the saved paper it
   * is nearest to. Only the newest SAVED_WITH_VECTORS saved papers that have a vector are asked.
   */
  async function nearestToSaved(
    saved: readonly SavedPaperText[],
    limit: number,
    accept: Accept,
  ): Promise<AlikePaper[]> {
    const { index } = await vectorSupport();
    if (!index) return [];
    const asked = saved.slice(0, SAVED_WITH_VECTORS);
    const savedVectors = await Promise.all(asked.map((paper) => index.vectorOf(embedder.modelId, paper.id)));
    const neighbours = await Promise.all(
      savedVectors.map((vector) => (vector ? vectors.nearest(index, vector, limit, accept) : [])),
    );
    const nearest = new Map<number, { becauseId: number; similarity: number }>();
    neighbours.forEach((near, i) => {
      for (const { paperId, similarity } of near) {
        if (similarity < similarityFloor || (nearest.get(paperId)?.similarity ?? -1) >= similarity) continue;
        nearest.set(paperId, { becauseId: (asked[i] as SavedPaperText).id, similarity });
      }
    });
    return [...nearest]
      .sort(([, a], [, b]) => b.similarity - a.similarity)
      .map(([paperId, { becauseId }]) => ({ paperId, becauseId }));
  }

  /**
   * Whether a paper is in a reader's areas (filed first under an area of their saved papers, or in
   * a category they follow); undefined when they name none. Papers' areas and categories' papers
   * are kept while the papers do not change: the test runs on every paper a ranking touches.
   */
  async function inAreas({ primaryCategories, categoryIds }: ReaderAreas): Promise<Accept> {
    if (primaryCategories.length === 0 && categoryIds.length === 0) return undefined;
    const areas = new Set(primaryCategories);
    const [areaOf, ...followed] = await Promise.all([
      cached('primary-categories', async () => new Map(await repo.primaryCategories())),
      ...[...new Set(categoryIds)].map((id) =>
        cached(`category-id\u001f${id}`, async () => new Set(await repo.paperIdsInCategory(id))),
      ),
    ]);
    return (paperId) => areas.has(areaOf.get(paperId) ?? '') || followed.some((papers) => papers.has(paperId));
  }

  /**
   * Papers like a reader's saved ones (`saved` newest first), best first, each with the saved paper
   * it is most like: full text's ranking of the saved papers' terms, the reader's areas lifted,
   * fused with their vector neighbours by the search weights, as related papers are (at vector
   * weight 0 the neighbours only follow full text's papers, and are not looked for when full text
   * fills the answer). Saved papers and `excluded` ones are never answered.
   */
  async function alikeIds(
    saved: readonly SavedPaperText[],
    limit: number,
    excluded: ReadonlySet<number>,
    areas: ReaderAreas,
  ): Promise<AlikePaper[]> {
    const savedIds = new Set(saved.map((paper) => paper.id));
    const others = (id: number) => !savedIds.has(id) && !excluded.has(id);
    const textAlike = await textSearch.alike(saved, limit, others, await inAreas(areas));
    const filled = weights.vectorWeight === 0 && textAlike.length >= limit;
    const vectorAlike = filled ? [] : await nearestToSaved(saved, limit, others);
    // Full text's reason for a paper stands over the vectors'.
    const because = new Map([...vectorAlike, ...textAlike].map((paper) => [paper.paperId, paper.becauseId]));
    const ids = fuseRankings([
      { ids: textAlike.map((paper) => paper.paperId), weight: weights.textWeight },
      { ids: vectorAlike.map((paper) => paper.paperId), weight: weights.vectorWeight },
    ]);
    return ids.slice(0, limit).map((paperId) => ({ paperId, becauseId: because.get(paperId) as number }));
  }

  return { ids: alikeIds };
}
