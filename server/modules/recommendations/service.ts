import type { Recommendations, SavedPaperRef } from '../../../common/recommendations.js';
import { tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import type { PapersRepo } from '../papers/repo.js';
import { toCard } from '../papers/service.js';
import type { SearchService } from '../search/service.js';
import type { RecommendationsRepo } from './repo.js';

/**
 * A reader's recommendations cost a ranking of some milliseconds, as a search does: as many a
 * minute as a client may search is far more than a reader opens the screen.
 */
export const RECOMMENDATION_LIMITS = { perReader: { max: 120, windowMs: 60 * 1000 } } satisfies Record<
  string,
  RateLimit
>;

/**
 * The saved papers recommendations are ranked from, the newest first: a reader's newest bookmarks
 * say most about what they read now, and the ranking's time grows with every saved paper read (at
 * 100,000 papers, 200 took p95 165 ms, 50 take 70 ms; bench:search). Older ones are still never
 * recommended.
 */
export const SAVED_PAPERS_RANKED = 50;

/** A recommended paper, by id, and the saved paper it is most like. */
export interface RankedRecommendation {
  paperId: number;
  because: SavedPaperRef;
}

export interface RecommendationsDeps {
  repo: Pick<RecommendationsRepo, 'savedPapersOf' | 'savedIdsOf' | 'followedCategoryIdsOf'>;
  search: Pick<SearchService, 'alike'>;
  papersRepo: Pick<PapersRepo, 'cardsByIds'>;
  limiter: Pick<RateLimiter, 'hit'>;
}

/** "For you": papers like the ones a reader saved, for the screen and for the email digest. */
export function createRecommendationsService({ repo, search, papersRepo, limiter }: RecommendationsDeps) {
  /**
   * Up to `limit` papers for the reader, best first, never one they saved nor one of `excluded`;
   * null when they saved nothing. Papers of the reader's areas (the arXiv categories their saved
   * papers were filed first under, and the categories their digest follows) are lifted: a reader
   * who saves robotics papers reads robotics, and still sees the most alike papers of other areas.
   */
  async function rankedFor(
    userId: number,
    limit: number,
    excluded: readonly number[] = [],
  ): Promise<RankedRecommendation[] | null> {
    const saved = await repo.savedPapersOf(userId, SAVED_PAPERS_RANKED);
    if (saved.length === 0) return null;
    const refs = new Map(saved.map(({ id, arxivId, title }) => [id, { id, arxivId, title }]));
    const older =
      saved.length < SAVED_PAPERS_RANKED ? [] : (await repo.savedIdsOf(userId)).filter((id) => !refs.has(id));
    const areas = {
      primaryCategories: saved.map((paper) => paper.primaryCategory),
      categoryIds: await repo.followedCategoryIdsOf(userId),
    };
    const alike = await search.alike(saved, limit, { excluded: [...older, ...excluded], areas });
    return alike.flatMap(({ paperId, becauseId }) => {
      const because = refs.get(becauseId);
      return because ? [{ paperId, because }] : [];
    });
  }

  return {
    rankedFor,

    /** GET /recommendations: the reader's recommendations as cards, counted per reader; an empty list says why. */
    async forReader(userId: number, limit: number): Promise<Recommendations> {
      const refused = await limiter.hit([[`recommendations:user:${userId}`, RECOMMENDATION_LIMITS.perReader]]);
      if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
      const ranked = await rankedFor(userId, limit);
      if (!ranked) return { papers: [], reason: 'no_bookmarks' };
      const cards = new Map(
        (await papersRepo.cardsByIds(ranked.map((paper) => paper.paperId))).map((row) => [row.id, toCard(row)]),
      );
      // A paper deleted between the two reads is left out.
      const papers = ranked.flatMap(({ paperId, because }) => {
        const card = cards.get(paperId);
        return card ? [{ ...card, because }] : [];
      });
      return { papers, reason: papers.length === 0 ? 'nothing_alike' : null };
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
