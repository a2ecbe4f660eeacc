import { bestFirst, inverseFrequency, termScore } from './bm25.js';
import { liftedFirst } from './lifted-ranking.js';
import { grown, mergedPostings, type PackedPostings, packedCount, type RecentPaper } from './packed-postings.js';
import { type QuestionPart, questionParts } from './question-parts.js';
import { closestVectorOver, readerProfile, tfidfWeight, unitLength } from './term-weights.js';
import { termOfWord, textWords } from './text-tokens.js';

/** A paper's searchable text. */
export interface PaperText {
  title: string;
  abstract: string;
  authors: string[];
  /** What a model-written summary adds in words of its own (one line, terms, methods); '' otherwise. */
  summary: string;
  /** Its Arabic words: of the abstract's translation, the summary's Arabic and its categories' Arabic names. */
  arabic: string;
}

/**
 * How much a term counts in the authors and in a model-written summary, against 1 in the abstract.
 * Neither part counts in a paper's length, so a paper is ranked for the other words as plain BM25
 * over its title and abstract ranks it; a name still finds its papers.
 */
const AUTHORS_WEIGHT = 1;
const SUMMARY_WEIGHT = 0.5;
/**
 * A paper's Arabic counts as its abstract does, but not in its length either: an English question
 * is ranked as before, and an Arabic one finds the translated papers by their Arabic words.
 */
const ARABIC_WEIGHT = 1;
/**
 * The most terms of one question that are scored, its rarest first: a pasted abstract has a few
 * hundred, and past the rarest few dozen the rest are words most papers share, which weigh little
 * and cost the most.
 */
export const QUESTION_TERMS = 64;
/**
 * The most terms of a paper that "more like this" asks, its most distinctive first: a title and
 * abstract hold about a hundred, and past this many the rest are the commonest words.
 */
const SIMILAR_TERMS = 200;
/**
 * Terms in more than this share of the papers, and in more than SIMILAR_LONG_POSTINGS of them, are
 * not asked by "more like this": they weigh little in any paper's score, and on a large corpus
 * their postings are most of the cost (on a small one they cost nothing and are kept).
 */
const SIMILAR_MOST_SHARED = 0.2;
const SIMILAR_LONG_POSTINGS = 5_000;
/**
 * The most terms of a reader's profile that "alike" asks, its heaviest first: three saved papers
 * hold about this many; twice as many gained 0.005 of nDCG@10 and cost a sixth more time for a
 * reader of two hundred (docs/decisions/0040-recommendations-for-you.md).
 */
const PROFILE_TERMS = 200;
/**
 * How much the papers a first ranking found most alike count in "more like this" and "alike" asked
 * again with them (pseudo-relevance feedback): their mean unit-length TF-IDF weights, against 1 for
 * the text's own (docs/decisions/0048-related-and-for-you-ask-again-with-what-they-found.md).
 */
const FEEDBACK_WEIGHT = 0.5;

/** What "more like this" and "alike" read of a paper. */
export interface TitledText {
  title: string;
  abstract: string;
}

/** A paper a reader saved, as "alike" reads it. */
export interface SavedPaperText extends TitledText {
  id: number;
}

/** A paper "alike" answers, and the saved paper it is most like. */
export interface AlikePaper {
  paperId: number;
  becauseId: number;
}

/**
 * An inverted index of papers, ranked by BM25 (title weighted) over all of them. Postings are kept
 * packed by term in a few typed arrays (some bytes a posting, not an object a term); papers put
 * since the last packing are kept each with its terms, and scanned whole by every question. A paper
 * put again replaces its earlier text: the old entry is marked removed and skipped. Recent papers
 * are packed in, and removed entries dropped, once they reach a quarter of the packed postings.
 */
export function createTextIndex(titleWeight: number) {
  const termIds = new Map<string, number>();
  /** Each word seen, to its term's id (-1 for a stop word): a corpus repeats a vocabulary of some hundred thousand words. */
  const termIdOfWord = new Map<string, number>();
  /** A paper's weighted count per term while it is put, and the terms it has. */
  let counting = new Float64Array(1024);
  const counted: number[] = [];
  /** Papers each term's postings hold, removed ones included until the next packing. */
  let documentFrequency = new Int32Array(1024);
  let packed: PackedPostings = { offsets: new Int32Array(1), slots: new Int32Array(0), counts: new Float32Array(0) };
  /** Papers put since the packing, each with its terms and their counts. */
  let recent: RecentPaper[] = [];
  let recentPostings = 0;
  let removedPostings = 0;

  const slotOf = new Map<number, number>();
  let paperIds = new Int32Array(1024);
  let lengths = new Float32Array(1024);
  let alive = new Uint8Array(1024);
  let termsOfSlot = new Uint16Array(1024);
  let slots = 0;
  let papers = 0;
  let totalLength = 0;
  let scores = new Float64Array(1024);

  function termIdOf(term: string): number {
    let id = termIds.get(term);
    if (id === undefined) {
      id = termIds.size;
      termIds.set(term, id);
      documentFrequency = grown(documentFrequency, id + 1);
      counting = grown(counting, id + 1);
    }
    return id;
  }

  /** Adds each word's term to the paper's counts with `weight`; answers how many words counted. */
  function count(text: string, weight: number): number {
    let words = 0;
    for (const word of textWords(text)) {
      let id = termIdOfWord.get(word);
      if (id === undefined) {
        const term = termOfWord(word);
        id = term === null ? -1 : termIdOf(term);
        termIdOfWord.set(word, id);
      }
      if (id < 0) continue;
      words += 1;
      if (counting[id] === 0) counted.push(id);
      counting[id] = (counting[id] as number) + weight;
    }
    return words;
  }

  function remove(paperId: number): void {
    const slot = slotOf.get(paperId);
    if (slot === undefined) return;
    slotOf.delete(paperId);
    alive[slot] = 0;
    papers -= 1;
    totalLength -= lengths[slot] as number;
    removedPostings += termsOfSlot[slot] as number;
    packWhenDue();
  }

  /** Adds a paper (replacing its earlier text) without packing: a corpus being read in is packed once, at the end. */
  function add(paperId: number, text: PaperText): void {
    remove(paperId);
    const length = count(text.title, titleWeight) * titleWeight + count(text.abstract, 1);
    count(text.authors.join(' '), AUTHORS_WEIGHT);
    count(text.summary, SUMMARY_WEIGHT);
    count(text.arabic, ARABIC_WEIGHT);
    const slot = slots++;
    paperIds = grown(paperIds, slots);
    lengths = grown(lengths, slots);
    alive = grown(alive, slots);
    termsOfSlot = grown(termsOfSlot, slots);
    paperIds[slot] = paperId;
    lengths[slot] = length;
    alive[slot] = 1;
    termsOfSlot[slot] = Math.min(counted.length, 0xffff);
    const terms = Int32Array.from(counted);
    const counts = new Float32Array(terms.length);
    terms.forEach((id, i) => {
      documentFrequency[id] = (documentFrequency[id] as number) + 1;
      counts[i] = counting[id] as number;
      counting[id] = 0;
    });
    recent.push({ slot, terms, counts });
    recentPostings += terms.length;
    counted.length = 0;
    slotOf.set(paperId, slot);
    papers += 1;
    totalLength += length;
  }

  function put(paperId: number, text: PaperText): void {
    add(paperId, text);
    packWhenDue();
  }

  function packWhenDue(): void {
    const held = packed.slots.length;
    if (recentPostings + removedPostings > Math.max(50_000, held / 4)) pack();
  }

  /** Packs the recent papers' postings in with the rest, leaving out those of removed papers. */
  function pack(): void {
    const merged = mergedPostings(packed, recent, alive, termIds.size);
    packed = merged.packed;
    documentFrequency.set(merged.documentFrequency);
    recent = [];
    recentPostings = 0;
    removedPostings = 0;
  }

  /**
   * The ids of a text's terms that some paper holds, in order, repeats kept. A word some paper had
   * is not stemmed again: a reader's two hundred saved papers are some thirty thousand words.
   */
  function heldTerms(text: string): number[] {
    const held: number[] = [];
    for (const word of textWords(text)) {
      let id = termIdOfWord.get(word);
      if (id === undefined) {
        const term = termOfWord(word);
        id = term === null ? -1 : (termIds.get(term) ?? -1);
      }
      if (id >= 0 && (documentFrequency[id] as number) > 0) held.push(id);
    }
    return held;
  }

  /**
   * The ids of up to `limit` papers holding any term of the question (or of its parts, each with its
   * weight: a translated question's), best BM25 score first (the newest first among equals), of
   * those `accept` takes when given (a category's papers): it decides before the cut, so a narrowed
   * search still answers `limit`. Only the QUESTION_TERMS rarest terms are scored.
   */
  function rank(
    question: string | readonly QuestionPart[],
    limit: number,
    accept?: (paperId: number) => boolean,
  ): number[] {
    if (papers === 0 || limit <= 0) return [];
    const weights = new Map<number, number>();
    for (const { text, weight } of typeof question === 'string' ? questionParts(question) : question) {
      for (const id of heldTerms(text)) weights.set(id, Math.max(weights.get(id) ?? 0, weight));
    }
    const terms = [...weights.keys()]
      .sort((a, b) => (documentFrequency[a] as number) - (documentFrequency[b] as number))
      .slice(0, QUESTION_TERMS);
    return bestByTerms(new Map(terms.map((term) => [term, weights.get(term) ?? 1])), limit, accept);
  }

  /** A text's terms that some paper holds, each with its count there, the title's counted as the index counts titles. */
  function termCounts(text: { title: string; abstract: string }): Map<number, number> {
    const counts = new Map<number, number>();
    const tally = (part: string, weight: number) => {
      for (const id of heldTerms(part)) counts.set(id, (counts.get(id) ?? 0) + weight);
    };
    tally(text.title, titleWeight);
    tally(text.abstract, 1);
    return counts;
  }

  const frequencyOf = (term: number) => Math.min(documentFrequency[term] as number, papers);

  /** A term "more like this" asks: not one of the most shared (SIMILAR_MOST_SHARED). */
  const asked = (term: number) => {
    const df = frequencyOf(term);
    return df <= papers * SIMILAR_MOST_SHARED || df <= SIMILAR_LONG_POSTINGS;
  };

  /** The TF-IDF weight of each term of a text's counts. */
  const tfidfOf = (counts: ReadonlyMap<number, number>) =>
    new Map([...counts].map(([term, count]) => [term, tfidfWeight(count, frequencyOf(term), papers)]));

  /**
   * Up to `limit` papers like one of title `title` and abstract `abstract` ("more like this"): every
   * term of the two is asked, the title's counted as the index counts them, each weighted by how
   * much it tells the text apart (its TF-IDF weight there: repeats count by their logarithm, rare
   * terms most), so the papers sharing the text's distinctive terms score highest. The paper itself
   * is left out by `accept`. Given `feedback` (the papers a first ranking found most alike), the
   * text's weights at unit length and the feedback's (`withFeedback`) are asked together.
   */
  function similar(
    text: { title: string; abstract: string },
    limit: number,
    accept?: (paperId: number) => boolean,
    feedback: readonly TitledText[] = [],
  ): number[] {
    if (papers === 0 || limit <= 0) return [];
    const own = tfidfOf(termCounts(text));
    const weights = [...(feedback.length > 0 ? withFeedback(unitLength(own), feedback, 1) : own)].filter(([term]) =>
      asked(term),
    );
    weights.sort((a, b) => b[1] - a[1]);
    return bestByTerms(new Map(weights.slice(0, SIMILAR_TERMS)), limit, accept);
  }

  /**
   * Weights by term and, added to them, the mean of the feedback texts' unit-length TF-IDF weights
   * times FEEDBACK_WEIGHT times `count` (the number of texts the weights sum: one paper, or a
   * reader's saved papers), so that the feedback weighs against each text as much as for one.
   */
  function withFeedback(
    weights: ReadonlyMap<number, number>,
    feedback: readonly TitledText[],
    count: number,
  ): Map<number, number> {
    const summed = new Map(weights);
    const share = (FEEDBACK_WEIGHT * count) / feedback.length;
    for (const text of feedback) {
      for (const [term, weight] of unitLength(tfidfOf(termCounts(text)))) {
        summed.set(term, (summed.get(term) ?? 0) + share * weight);
      }
    }
    return summed;
  }

  /**
   * Up to `limit` papers like a reader's saved papers, in one pass over the postings: each saved
   * paper's TF-IDF weights (as "more like this" weighs them) at unit length, so that one long
   * abstract does not outweigh the rest, summed into a profile whose PROFILE_TERMS heaviest terms
   * are asked as "more like this" asks a paper's (BM25 times the weight; the newest first among
   * equals). Saved papers are never answered; `accept` leaves out more. Each answer names the saved
   * paper it is most like: the highest cosine of their TF-IDF weights over the profile's terms, those
   * the answer was found by (the first of `saved` among equals). Papers `lifted` takes (a reader's
   * areas) are lifted: a paper that both their ranking and the whole ranking place well leads, and
   * the most alike papers of other areas stay in view. Given `feedback` (the papers a first ranking
   * found most alike), their weights join the profile as one more saved paper's (`withFeedback`).
   */
  function alike(
    saved: readonly SavedPaperText[],
    limit: number,
    accept?: (paperId: number) => boolean,
    lifted?: (paperId: number) => boolean,
    feedback: readonly TitledText[] = [],
  ): AlikePaper[] {
    if (papers === 0 || limit <= 0 || saved.length === 0) return [];
    const vectors = saved.map((paper) => unitLength(tfidfOf(termCounts(paper))));
    const savedIds = new Set(saved.map((paper) => paper.id));
    const feedbackVector = feedback.length > 0 ? [withFeedback(new Map(), feedback, saved.length)] : [];
    const profile = readerProfile([...vectors, ...feedbackVector], PROFILE_TERMS, asked);
    const ids = bestByTerms(profile, limit, (id) => (savedIds.has(id) ? false : (accept?.(id) ?? true)), lifted);
    const because = mostAlikeOf(
      ids.map((id) => slotOf.get(id) as number),
      vectors,
      [...profile.keys()],
    );
    return ids.map((paperId, i) => ({ paperId, becauseId: saved[because[i] as number]?.id as number }));
  }

  /**
   * For each paper at `answered`, the index of the vector it is most like over `terms` (the first
   * among equals), its counts read from the postings: recent papers keep theirs, packed ones are
   * found by a binary search per term.
   */
  function mostAlikeOf(
    answered: readonly number[],
    vectors: readonly ReadonlyMap<number, number>[],
    terms: readonly number[],
  ): number[] {
    const closest = closestVectorOver(vectors, terms);
    const weights = new Float64Array(terms.length);
    return answered.map((slot) => {
      const fresh = recent.find((paper) => paper.slot === slot);
      const counts = fresh ? new Map([...fresh.terms].map((term, i) => [term, fresh.counts[i] as number])) : null;
      terms.forEach((term, i) => {
        const count = counts ? (counts.get(term) ?? 0) : packedCount(packed, term, slot);
        weights[i] = count > 0 ? tfidfWeight(count, frequencyOf(term), papers) : 0;
      });
      return closest(weights);
    });
  }

  /**
   * Scores every paper holding a term of `weights` by BM25, each term's share multiplied by its
   * weight, and answers the ids of the best `limit` that `accept` takes (the newest first among
   * equals): it decides before the cut, so a narrowed ranking still answers `limit`. Papers
   * `lifted` takes are lifted (liftedFirst).
   */
  function bestByTerms(
    weights: ReadonlyMap<number, number>,
    limit: number,
    accept?: (paperId: number) => boolean,
    lifted?: (paperId: number) => boolean,
  ): number[] {
    scores = grown(scores, slots);
    const touched: number[] = [];
    const meanLength = totalLength / papers || 1;
    const score = (idf: number, slot: number, count: number) => {
      if (!alive[slot]) return;
      if (scores[slot] === 0) touched.push(slot);
      scores[slot] = (scores[slot] as number) + termScore(idf, count, (lengths[slot] as number) / meanLength);
    };
    const idfs = new Map<number, number>();
    for (const [term, weight] of weights) {
      const idf = inverseFrequency(papers, Math.min(documentFrequency[term] as number, papers)) * weight;
      idfs.set(term, idf);
      for (let i = packed.offsets[term] ?? 0; i < (packed.offsets[term + 1] ?? 0); i++) {
        score(idf, packed.slots[i] as number, packed.counts[i] as number);
      }
    }
    for (const paper of recent) {
      paper.terms.forEach((term, i) => {
        const idf = idfs.get(term);
        if (idf !== undefined) score(idf, paper.slot, paper.counts[i] as number);
      });
    }
    const candidates = accept ? touched.filter((slot) => accept(paperIds[slot] as number)) : touched;
    const ranked = lifted
      ? liftedFirst(candidates, limit, (slot) => lifted(paperIds[slot] as number), better)
      : bestFirst(candidates, limit, better);
    for (const slot of touched) scores[slot] = 0;
    return ranked.map((slot) => paperIds[slot] as number);
  }

  /** Better: the higher score, then the newer paper (its id is higher). */
  function better(a: number, b: number): boolean {
    const difference = (scores[a] as number) - (scores[b] as number);
    return difference !== 0 ? difference > 0 : (paperIds[a] as number) > (paperIds[b] as number);
  }

  return {
    add,
    put,
    remove,
    rank,
    similar,
    alike,
    /** Packs what was added so far: called once a whole corpus has been read in. */
    pack,
    /** How many papers are indexed. */
    get size(): number {
      return papers;
    },
  };
}

export type TextIndex = ReturnType<typeof createTextIndex>;
