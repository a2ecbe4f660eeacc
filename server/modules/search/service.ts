import type { FastifyBaseLogger } from 'fastify';
import { type PaperRef, parseArxivInput } from '../../../common/arxiv-id.js';
import type { PaperCard } from '../../../common/papers.js';
import type { SearchStatus } from '../../../common/search.js';
import { RELATED_PAPERS_LIMIT, UNKNOWN_CATEGORY_ERROR } from '../../../common/search-rules.js';
import { AppError, notFound, tooManyAttempts } from '../../errors.js';
import { clientKey } from '../../http/client-address.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import type { TextEmbedder } from '../../providers/embeddings/types.js';
import { createAnswerCache } from '../papers/answer-cache.js';
import type { ContentVersion } from '../papers/content-version.js';
import type { PapersRepo } from '../papers/repo.js';
import { toCard } from '../papers/service.js';
import { createAlikeRanking, NO_AREAS, type ReaderAreas } from './alike-ranking.js';
import type { QuestionReader } from './arabic-question.js';
import { fuseRankings } from './fusion.js';
import type { QuestionPart } from './question-parts.js';
import type { SearchRepo } from './repo.js';
import type { TextSearch } from './text-search-engine.js';
import type { VectorSupport } from './vector-index.js';
import { type Accept, createVectorSide } from './vector-side.js';
import type { AlikePaper, SavedPaperText } from './word-pair-index.js';

/** Which rankings a search uses: the site fuses both; scripts compare each alone. */
export type SearchMode = 'text' | 'vector' | 'hybrid';

/** How search ranks (SEARCH_TEXT_WEIGHT, SEARCH_VECTOR_WEIGHT, SEARCH_TITLE_WEIGHT). */
export interface SearchWeights {
  textWeight: number;
  vectorWeight: number;
  titleWeight: number;
}

/**
 * A search costs some milliseconds of ranking and, once vectors are in use, an embedding: two a
 * second is more than a reader clicks, lets a script ask a judged set of questions at once, and
 * bounds what one client costs.
 */
export const SEARCH_LIMITS = { searchesPerClient: { max: 120, windowMs: 60 * 1000 } } satisfies Record<
  string,
  RateLimit
>;

/** Where a search looks, and how far down its ranking it starts. */
export interface SearchScope {
  /** Only papers of this category, by name; an unknown name is refused (400). */
  category?: string;
  /** How many of the best matches are skipped ("More results" asks for the next ones). */
  offset?: number;
}

/** Papers taken from the full-text ranking before fusing (more when a search reaches deeper): few enough to stay fast. */
const TEXT_CANDIDATES = 100;
/**
 * Papers taken from the vector ranking: past a few dozen places its reciprocal-rank share is too
 * small to lift a paper, and each place costs a deeper scan of the vector index.
 */
const VECTOR_CANDIDATES = 40;
/**
 * How long the vector side may take past the full-text ranking: a search waits no longer for its
 * question's vector (the model may be loading or busy, an endpoint slow or down) and is then
 * answered from full text alone.
 */
const VECTOR_DEADLINE_MS = 50;
/** Vectors alone (scripts comparing rankings) have no full-text side to wait for: the model gets this long. */
const VECTOR_ONLY_TIMEOUT_MS = 2_000;
/**
 * The share of the papers that must have a vector before vectors join the ranking. Until then the
 * nearest vectors are the nearest among the few papers embedded so far, which fused in would push
 * aside better full-text matches: right after an import, searches are full text's alone.
 */
export const VECTOR_COVERAGE = 0.9;
/**
 * How similar (cosine) a paper's vector must be to a question's for vectors to offer it: below,
 * nothing in the corpus is about the question, and a question no paper's words match answers no
 * papers rather than the least unrelated ones. Set on the eval (bench/search-eval/README.md): above
 * the nearest paper of each of 50 questions no paper is about (at most 0.574); judged questions'
 * nearest papers mostly pass it (median 0.753), and those below are found by their words.
 */
export const SIMILARITY_FLOOR = 0.6;
const CACHE_SIZE = 512;

export interface SearchDeps {
  repo: Pick<SearchRepo, 'findPaper' | 'vectorsVersion' | 'embeddedCount' | 'paperIdsInCategory' | 'primaryCategories'>;
  textSearch: Pick<TextSearch, 'rank' | 'similar' | 'alike' | 'warmUp'>;
  /** Reads a question before it is ranked: an Arabic one is searched for in English too. */
  questions: Pick<QuestionReader, 'read'>;
  papersRepo: Pick<PapersRepo, 'cardsByIds' | 'stats' | 'findCategoryId'>;
  vectorSupport: () => Promise<VectorSupport>;
  embedder: Pick<TextEmbedder, 'modelId' | 'embed'>;
  contentVersion: Pick<ContentVersion, 'current'>;
  limiter: Pick<RateLimiter, 'hit'>;
  log: FastifyBaseLogger;
  weights: SearchWeights;
  /** VECTOR_DEADLINE_MS unless a test waits longer for the real encoder on a busy machine. */
  vectorDeadlineMs?: number;
  /** SIMILARITY_FLOOR unless a test of the fusion on a few papers lowers it. */
  similarityFloor?: number;
}

/**
 * Hybrid search: full-text and vector rankings fused by weighted reciprocal rank, led by full text.
 * At the default vector weight, 0, full text's order stands and vectors add the papers it does not
 * find after its own (the bundled encoder's vectors, fused in, moved worse papers ahead of better
 * ones on every judged set); a stronger model may be given a weight. Related papers are ranked alike,
 * by the paper's own title and abstract.
 * Answers are kept while neither the papers nor the stored vectors change.
 */
export function createSearchService(deps: SearchDeps) {
  const {
    repo,
    papersRepo,
    vectorSupport,
    embedder,
    log,
    weights,
    vectorDeadlineMs = VECTOR_DEADLINE_MS,
    similarityFloor = SIMILARITY_FLOOR,
  } = deps;
  /** Changes whenever the papers or their stored vectors change. */
  const papersAndVectorsVersion = async () => `${await deps.contentVersion.current()}|${await repo.vectorsVersion()}`;
  const cached = createAnswerCache(papersAndVectorsVersion, CACHE_SIZE);

  /** The share of the papers with a vector of the model, counted again whenever papers or vectors change. */
  let coverage: { version: string; share: number } | null = null;
  async function vectorCoverage(): Promise<number> {
    const version = await papersAndVectorsVersion();
    if (coverage?.version !== version) {
      const [done, { total }] = await Promise.all([repo.embeddedCount(embedder.modelId), papersRepo.stats()]);
      coverage = { version, share: total === 0 ? 0 : done / total };
    }
    return coverage.share;
  }

  async function cardsInOrder(ids: number[]): Promise<PaperCard[]> {
    const byId = new Map((await papersRepo.cardsByIds(ids)).map((row) => [row.id, toCard(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The papers of a category, kept while the papers do not change (a category's papers change with
   * them); an unknown name is refused.
   */
  async function acceptOf(category: string | undefined): Promise<Accept> {
    if (category === undefined) return undefined;
    const members = await cached(`category\u001f${category}`, async () => {
      const id = await papersRepo.findCategoryId(category);
      if (id === null) {
        throw new AppError(400, UNKNOWN_CATEGORY_ERROR, `The digest has no category "${category}".`, {
          'body.category': ['No category of this name'],
        });
      }
      return new Set(await repo.paperIdsInCategory(id));
    });
    return (paperId) => members.has(paperId);
  }

  const vectors = createVectorSide({ embedder, log });
  const alikeRanking = createAlikeRanking({
    repo,
    textSearch: deps.textSearch,
    vectorSupport,
    embedder,
    vectors,
    cached,
    weights,
    similarityFloor,
  });

  const textRanking = (question: string | readonly QuestionPart[], depth: number, accept: Accept) =>
    deps.textSearch.rank(question, Math.max(TEXT_CANDIDATES, depth), accept);

  /**
   * Papers like this one: full text's "more like this" (the papers sharing the most distinctive terms
   * of its title and abstract), fused with its vector neighbours when it has a vector, by the search
   * weights (at vector weight 0 the neighbours only follow full text's papers); itself excluded, and
   * only those `accept` takes.
   */
  async function relatedIds(
    paper: { id: number; title: string; abstract: string },
    limit: number,
    accept?: Accept,
  ): Promise<number[]> {
    const others = (id: number) => id !== paper.id && (!accept || accept(id));
    const { index } = await vectorSupport();
    const vector = index ? await index.vectorOf(embedder.modelId, paper.id) : null;
    const [textIds, near] = await Promise.all([
      deps.textSearch.similar(paper, limit, others),
      vector && index ? vectors.nearest(index, vector, limit + 1, accept) : [],
    ]);
    return fuseRankings([
      { ids: textIds, weight: weights.textWeight },
      { ids: near.map((neighbour) => neighbour.paperId).filter((id) => id !== paper.id), weight: weights.vectorWeight },
    ]).slice(0, limit);
  }

  /**
   * The best `topK` papers that `accept` takes. Answered with `degraded` set when the vector side
   * or the model translating the question failed or was late, so that answer is not kept.
   */
  async function rank(
    text: string,
    topK: number,
    mode: SearchMode,
    accept: Accept,
  ): Promise<{ ids: number[]; degraded: boolean }> {
    const parsed = parseArxivInput(text);
    if (parsed.ok) {
      const paper = await repo.findPaper({ arxivId: parsed.arxivId });
      // An id or a link names its paper: it comes first (in its category), its related papers after it.
      if (paper) {
        const related = topK > 1 ? await relatedIds(paper, topK, accept) : [];
        const ids = [paper.id, ...related].filter((id) => !accept || accept(id));
        return { ids: ids.slice(0, topK), degraded: false };
      }
    }
    const question = await deps.questions.read(text);
    const { index } = mode === 'text' ? { index: null } : await vectorSupport();
    const withVectors = index !== null && (mode === 'vector' || (await vectorCoverage()) >= VECTOR_COVERAGE);
    // The query is embedded (in its thread) while the database ranks the text; the vector side then
    // has a few milliseconds more, so a slow model never slows a search down.
    const abort = new AbortController();
    const vectorSide = withVectors
      ? // Vectors alone (scripts comparing rankings) answer every neighbour; beside full text, only the near ones.
        vectors
          .ranking(
            index,
            question.vectorText,
            Math.max(VECTOR_CANDIDATES, topK),
            mode === 'vector' ? -1 : similarityFloor,
            accept,
            abort.signal,
          )
          .then(
            (ids) => ({ ids }),
            (error: unknown) => ({ error }),
          )
      : null;
    const textIds = mode === 'vector' ? [] : await textRanking(question.parts, topK, accept);
    // At weight 0 vectors only fill the places full text leaves: with none left, their answer is not needed.
    const filled = mode === 'hybrid' && weights.vectorWeight === 0 && textIds.length >= topK;
    if (filled) abort.abort(new Error('full text filled the answer'));
    const vectorIds =
      vectorSide && !filled
        ? await vectors.within(vectorSide, mode === 'vector' ? VECTOR_ONLY_TIMEOUT_MS : vectorDeadlineMs, abort)
        : [];
    const ids = fuseRankings([
      { ids: textIds, weight: weights.textWeight },
      { ids: vectorIds ?? [], weight: weights.vectorWeight },
    ]);
    return { ids: ids.slice(0, topK), degraded: vectorIds === null || question.provisional };
  }

  /** The `topK` best matches after the `offset` best, of a category when one is named. */
  async function search(
    query: string,
    topK: number,
    mode: SearchMode = 'hybrid',
    { category, offset = 0 }: SearchScope = {},
  ): Promise<PaperCard[]> {
    const text = query.trim();
    const accept = await acceptOf(category);
    // The ranking is made down to the last place asked for, so the next places continue the same ranking.
    const depth = offset + topK;
    const answer = await cached(
      `search:${mode}:${depth}:${category ?? ''}\u001f${text}`,
      async () => {
        const { ids, degraded } = await rank(text, depth, mode, accept);
        return { papers: await cardsInOrder(ids), degraded };
      },
      (value) => !value.degraded,
    );
    return answer.papers.slice(offset);
  }

  return {
    search,

    /** A visitor's search (POST /papers/semantic): counted per client, then ranked by both sides. */
    async searchAsClient(
      ip: string,
      query: string,
      topK: number,
      scope: SearchScope = {},
    ): Promise<{ papers: PaperCard[] }> {
      const refused = await deps.limiter.hit([[`search:client:${clientKey(ip)}`, SEARCH_LIMITS.searchesPerClient]]);
      if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
      return { papers: await search(query, topK, 'hybrid', scope) };
    },

    /** Up to `limit` papers like this one (the page shows RELATED_PAPERS_LIMIT), most alike first; 404 for an unknown paper. */
    async related(ref: PaperRef, limit = RELATED_PAPERS_LIMIT): Promise<{ papers: PaperCard[] }> {
      const paper = await repo.findPaper(ref.kind === 'id' ? { id: ref.id } : { arxivId: ref.arxivId });
      if (!paper) throw notFound('Paper not found');
      const papers = await cached(`related:${paper.id}:${limit}`, async () =>
        cardsInOrder(await relatedIds(paper, limit)),
      );
      return { papers };
    },

    /**
     * Up to `limit` papers like a reader's saved papers (newest first), best first, each with the
     * saved paper it is most like, those of the reader's `areas` lifted; never a saved paper nor one
     * of `excluded`. Answers without exclusions are kept (a reader's "For you" is asked again on
     * each visit); those with them (a digest's, which leaves out the papers of the mail) are not, so
     * one digest run does not push every kept search out.
     */
    async alike(
      saved: readonly SavedPaperText[],
      limit: number,
      { excluded = [], areas = NO_AREAS }: { excluded?: readonly number[]; areas?: ReaderAreas } = {},
    ): Promise<AlikePaper[]> {
      if (saved.length === 0) return [];
      if (excluded.length > 0) return alikeRanking.ids(saved, limit, new Set(excluded), areas);
      const key = [
        `alike:${limit}`,
        saved.map((paper) => paper.id).join(','),
        [...areas.primaryCategories].sort().join(','),
        [...areas.categoryIds].sort((a, b) => a - b).join(','),
      ].join('\u001f');
      return cached(key, () => alikeRanking.ids(saved, limit, new Set(), areas));
    },

    /**
     * Builds the full-text index and loads the model of the questions' lane (web processes, at
     * start), so that the first searches wait for neither.
     */
    async warmUp(): Promise<void> {
      const warmVectors = async () => {
        const { index } = await vectorSupport();
        if (index) await embedder.embed(['warm up'], undefined, 'query');
      };
      await Promise.all([deps.textSearch.warmUp(), warmVectors()]);
    },

    /** Which vector index serves search, and how far the background embedding has come. */
    async status(): Promise<SearchStatus> {
      const support = await vectorSupport();
      const [done, stats] = await Promise.all([
        support.index ? repo.embeddedCount(embedder.modelId) : 0,
        papersRepo.stats(),
      ]);
      return {
        vectorIndex: support.index?.kind ?? 'none',
        reason: support.reason,
        model: embedder.modelId,
        embedded: { done, total: stats.total },
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
