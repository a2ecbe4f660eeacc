import { bestFirst, inverseFrequency, termScore } from './bm25.js';
import { grown, mergedPostings, type PackedPostings, type RecentPaper } from './packed-postings.js';
import { type QuestionPart, questionParts } from './question-parts.js';
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

  /**
   * Scores every paper holding a term of `weights` by BM25, each term's share multiplied by its
   * weight, and answers the ids of the best `limit` that `accept` takes (the newest first among
   * equals): it decides before the cut, so a narrowed ranking still answers `limit`.
   */
  function bestByTerms(
    weights: ReadonlyMap<number, number>,
    limit: number,
    accept?: (paperId: number) => boolean,
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
    const ranked = bestFirst(candidates, limit, better);
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
    /** Packs what was added so far: called once a whole corpus has been read in. */
    pack,
    /** How many papers are indexed. */
    get size(): number {
      return papers;
    },
  };
}

export type TextIndex = ReturnType<typeof createTextIndex>;
