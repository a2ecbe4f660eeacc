import type { FastifyBaseLogger } from 'fastify';
import type { Summary } from '../../../common/papers.js';
import { arabicWordsOf } from './arabic-paper-text.js';
import type { QuestionPart } from './question-parts.js';
import type { PaperTextRow, SearchRepo } from './repo.js';
import {
  type AlikePaper,
  createTextIndex,
  type PaperText,
  type SavedPaperText,
  type TextIndex,
  type TitledText,
} from './text-index.js';

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

/**
 * The papers a first ranking finds most alike that "more like this" and "alike" are asked again
 * with (pseudo-relevance feedback), read from the database: the index keeps no text.
 */
const FEEDBACK_PAPERS = 10;
/**
 * Readers who saved more papers than this are ranked in one pass: their profile already says what
 * they read, and a second pass would double the time of the longest rankings.
 */
const FEEDBACK_MOST_SAVED = 20;

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
export function createTextSearch(deps: { repo: TextSearchRepo; titleWeight: number; log: FastifyBaseLogger }) {
  const { repo, titleWeight, log } = deps;
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
    for (const id of ids) {
      const row = rows.get(id);
      if (row) index.put(id, paperText(row));
      else index.remove(id);
    }
    seen = last.seq;
    behind = changes.length === CHANGES_PER_STEP;
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

  /** The titles and abstracts of papers (those still stored). */
  async function textsOf(ids: number[]): Promise<TitledText[]> {
    return (await repo.paperTextsOf(ids)).map((row) => ({ title: row.title, abstract: row.abstract }));
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
    /** Up to `limit` papers by BM25 over the whole corpus, best first; only those `accept` takes, when given. */
    async rank(
      question: string | readonly QuestionPart[],
      limit: number,
      accept?: (paperId: number) => boolean,
    ): Promise<number[]> {
      return (await current()).rank(question, limit, accept);
    },
    /**
     * Up to `limit` papers like the text ("more like this"), best first; only those `accept` takes,
     * when given. Asked twice: again with the FEEDBACK_PAPERS the first answer found most alike.
     */
    async similar(text: TitledText, limit: number, accept?: (paperId: number) => boolean): Promise<number[]> {
      const ready = await current();
      const feedback = await textsOf(ready.similar(text, FEEDBACK_PAPERS, accept));
      return ready.similar(text, limit, accept, feedback);
    },
    /**
     * Up to `limit` papers like a reader's saved papers, best first, each with the saved paper it is
     * most like; saved papers never, and only those `accept` takes, when given; those `lifted` takes
     * lifted (fused with the best of all by reciprocal rank). A reader of at most FEEDBACK_MOST_SAVED
     * saved papers is ranked twice, as "more like this" is.
     */
    async alike(
      saved: readonly SavedPaperText[],
      limit: number,
      accept?: (paperId: number) => boolean,
      lifted?: (paperId: number) => boolean,
    ): Promise<AlikePaper[]> {
      const ready = await current();
      if (saved.length > FEEDBACK_MOST_SAVED) return ready.alike(saved, limit, accept, lifted);
      const first = ready.alike(saved, FEEDBACK_PAPERS, accept);
      const feedback = await textsOf(first.map((paper) => paper.paperId));
      return ready.alike(saved, limit, accept, lifted, feedback);
    },
    /** Builds the index ahead of the first search (web processes, at start). */
    async warmUp(): Promise<void> {
      await current();
    },
  };
}

export type TextSearch = ReturnType<typeof createTextSearch>;
