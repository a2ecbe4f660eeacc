import type { FastifyBaseLogger } from 'fastify';
import type { Summary } from '../../../common/papers.js';
import { arabicWordsOf } from './arabic-paper-text.js';
import type { PaperTextRow, SearchRepo } from './repo.js';
import { createTextIndex, type PaperText, type TextIndex } from './text-index.js';
import type { TextSearch } from './text-search-engine.js';
import { fitTopicsOffThread } from './topic-fit.js';
import type { TopicFitRows } from './topic-postings.js';
import { createWordPairIndex, type WordPairIndex } from './word-pair-index.js';

/**
 * The fields of a model-written summary that name methods and models: searched beside its terms,
 * because a search for a technique or a model name should find the papers that use it.
 */
const DETAIL_FIELDS = [
  'MainLLM',
  'TrainingMethod',
  'InferenceMethod',
  'FineTuningMethod',
  'RAGMethod',
  'ReasoningMethod',
  'AgenticMethod',
  'SelfLearningMethod',
] as const satisfies readonly (keyof Summary)[];

/** Papers read per query while the index is built. */
const BUILD_PAGE = 2_000;
/** Changes applied per step: a search waits for one step, and the rest follow in the background. */
const CHANGES_PER_STEP = 500;
/** Changes the log keeps for processes that fall behind; past twice this many, the oldest go. */
const CHANGES_KEPT = 50_000;

const textOf = (value: unknown) => (typeof value === 'string' && value !== 'Null' ? value : '');

/**
 * The words a summary adds: a model-written one's line, terms and methods. An extractive summary
 * is the abstract's own sentences and adds nothing.
 */
function summaryWords(row: PaperTextRow): string {
  if (row.generated_by !== 'llm' || !row.summary) return '';
  try {
    const data = JSON.parse(row.summary) as Record<string, unknown>;
    const terms = Array.isArray(data.terms) ? data.terms : [];
    return [
      textOf(data.Paper_one_line),
      ...terms.flatMap((term: { name?: unknown; explanation?: unknown }) => [
        textOf(term?.name),
        textOf(term?.explanation),
      ]),
      ...DETAIL_FIELDS.map((field) => textOf(data[field])),
    ].join(' ');
  } catch {
    return '';
  }
}

export function paperText(row: PaperTextRow): PaperText {
  return {
    title: row.title,
    abstract: row.abstract,
    authors: JSON.parse(row.authors) as string[],
    summary: summaryWords(row),
    arabic: arabicWordsOf(row),
  };
}

type TextSearchRepo = Pick<
  SearchRepo,
  'paperTextsAfter' | 'paperTextsOf' | 'latestTextChange' | 'textChangesAfter' | 'pruneTextChanges'
>;

/**
 * Full text for one process: a BM25 index of every paper, read from the database on first use and
 * kept current from the log of changed papers, whichever process wrote them. A search waits for the
 * changes logged so far when they are few (an admin's edit is found at once); after an import it
 * is answered from the index as it stands while the rest is read in the background.
 */
export function createTextSearch(deps: {
  repo: TextSearchRepo;
  titleWeight: number;
  log: FastifyBaseLogger;
  /** Fits the corpus's topics; off the event loop unless a test says otherwise. */
  fitTopics?: (request: TopicFitRows) => Promise<Float32Array<ArrayBuffer>>;
}): TextSearch {
  const { repo, titleWeight, log, fitTopics = fitTopicsOffThread } = deps;
  /** Papers like others: read after the search's index, so that a search never waits for it. */
  let pairs: WordPairIndex | null = null;
  let pairsBuilding: { index: WordPairIndex; done: Promise<void> } | null = null;
  let fitting: Promise<void> | null = null;
  let index: TextIndex | null = null;
  let seen = 0;
  let building: Promise<void> | null = null;
  let step: Promise<void> | null = null;
  let behind = false;

  async function build(): Promise<void> {
    const started = performance.now();
    const next = createTextIndex(titleWeight);
    const from = await repo.latestTextChange();
    for (let after = 0; ; ) {
      const rows = await repo.paperTextsAfter(after, BUILD_PAGE);
      for (const row of rows) next.add(row.id, paperText(row));
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
    }
    next.pack();
    index = next;
    seen = from;
    log.info({ papers: next.size, ms: Math.round(performance.now() - started) }, 'full-text index built');
    buildPairs();
  }

  /**
   * Reads every paper into a new word-pair index in the background; the changes applied meanwhile
   * are put into it too (a paper read again later replaces itself), and it is used once whole.
   */
  function buildPairs(): void {
    const started = performance.now();
    const next = createWordPairIndex();
    const done = (async () => {
      for (let after = 0; ; ) {
        const rows = await repo.paperTextsAfter(after, BUILD_PAGE);
        for (const row of rows) next.add(row.id, row);
        const last = rows.at(-1);
        if (!last) break;
        after = last.id;
      }
      next.pack();
      if (pairsBuilding?.index !== next) return;
      pairs = next;
      log.info({ papers: next.size, ms: Math.round(performance.now() - started) }, 'word-pair index built');
      fitTopicsWhenDue(next);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'building the word-pair index failed'))
      .finally(() => {
        if (pairsBuilding?.index === next) pairsBuilding = null;
      });
    pairsBuilding = { index: next, done };
  }

  /**
   * Fits the corpus's topics in the background when the index is due them (its first thousand
   * papers, then a quarter more), and gives them to the index that asked, if it is still the one.
   */
  function fitTopicsWhenDue(asking: WordPairIndex): void {
    if (fitting || !asking.topicsDue()) return;
    const started = performance.now();
    fitting = (async () => {
      const request = await asking.topicRows();
      const vectors = await fitTopics(request);
      if (pairs !== asking) return;
      await asking.takeTopics(request.features, vectors);
      log.info({ papers: asking.size, ms: Math.round(performance.now() - started) }, 'topics of the corpus fitted');
    })()
      .catch((error: unknown) => log.error({ err: error }, 'fitting the topics of the corpus failed'))
      .finally(() => {
        fitting = null;
      });
  }

  /**
   * The index for papers like others, once read and given its first topics (seconds after the
   * search's index, once); later fits are not waited for.
   */
  async function alikeIndex(): Promise<WordPairIndex> {
    await current();
    // A build that failed (the database away for a moment) is tried again by the next caller.
    if (!pairs && !pairsBuilding) buildPairs();
    if (pairsBuilding && !pairs) await pairsBuilding.done;
    if (pairs && !pairs.hasTopics && fitting) await fitting;
    if (!pairs) throw new Error('the word-pair index was not built');
    return pairs;
  }

  /** Applies the next changes of the log; reads everything again if the log no longer holds them. */
  async function applyChanges(): Promise<void> {
    const { changes, prunedTo } = await repo.textChangesAfter(seen, CHANGES_PER_STEP);
    if (prunedTo > seen) {
      await build();
      return;
    }
    const last = changes.at(-1);
    if (!last || !index) return;
    const ids = [...new Set(changes.map((change) => change.paperId))];
    const rows = new Map((await repo.paperTextsOf(ids)).map((row) => [row.id, row]));
    const pairIndexes = [pairs, pairsBuilding?.index].flatMap((one) => one ?? []);
    for (const id of ids) {
      const row = rows.get(id);
      if (row) index.put(id, paperText(row));
      else index.remove(id);
      for (const pairIndex of pairIndexes) {
        if (row) pairIndex.put(id, row);
        else pairIndex.remove(id);
      }
    }
    seen = last.seq;
    behind = changes.length === CHANGES_PER_STEP;
    if (pairs) fitTopicsWhenDue(pairs);
    if (seen - prunedTo > 2 * CHANGES_KEPT) await repo.pruneTextChanges(seen - CHANGES_KEPT);
  }

  /** One step at a time; callers arriving while one runs share the next. */
  function nextStep(): Promise<void> {
    step ??= applyChanges()
      .catch((error: unknown) => log.error({ err: error }, 'reading changed papers into the full-text index failed'))
      .finally(() => {
        step = null;
        if (behind) void nextStep();
      });
    return step;
  }

  async function current(): Promise<TextIndex> {
    if (!index) {
      building ??= build().finally(() => {
        building = null;
      });
      await building;
    }
    if (!behind) await nextStep();
    if (!index) throw new Error('the full-text index was not built');
    return index;
  }

  return {
    async rank(question, limit, accept) {
      return (await current()).rank(question, limit, accept);
    },
    async similar(text, limit, accept) {
      return (await alikeIndex()).similar(text, limit, accept);
    },
    async alike(saved, limit, accept, lifted) {
      return (await alikeIndex()).alike(saved, limit, accept, lifted);
    },
    async warmUp() {
      await current();
    },
  };
}
