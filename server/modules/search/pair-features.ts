import { termOfWord, textWords } from './text-tokens.js';

/**
 * Pairs of adjacent terms are hashed into this many features: a corpus of 42,638 papers holds some
 * millions of distinct pairs, which kept as strings would cost more memory than their postings.
 * Two pairs meet in one feature only where both are rare; the hash is of the pair's text, so every
 * process ranks alike.
 */
export const PAIR_FEATURES = 1 << 22;

/**
 * How many times a title is read: its words say what the paper is about more than the abstract's,
 * and counted twice they found more of the curated lists' papers under one heading (ADR 0062's
 * amendment: related papers 0.113 to 0.118 nDCG@6 on the tune half, For you level).
 */
const TITLE_READINGS = 2;

/** What a word reads as when it is a stop word, and when no paper has its term (a question's word). */
const STOP_WORD = -1;
const NO_FEATURE = -2;

/** A paper as the index reads it. */
export interface PairText {
  title: string;
  abstract: string;
}

/**
 * `array`, or a copy with room for `feature`: the terms' part doubles, not the whole, which is
 * mostly the pairs' fixed part.
 */
export function withRoomFor(array: Int32Array<ArrayBuffer>, feature: number): Int32Array<ArrayBuffer> {
  if (feature < array.length) return array;
  const next = new Int32Array(PAIR_FEATURES + 2 * (feature + 1 - PAIR_FEATURES));
  next.set(array);
  return next;
}

/** FNV-1a of the two terms with a space between them: a pair's feature, the same in every process. */
function pairFeature(first: string, second: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < first.length; i++) hash = Math.imul(hash ^ first.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ 0x20, 0x01000193);
  for (let i = 0; i < second.length; i++) hash = Math.imul(hash ^ second.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & (PAIR_FEATURES - 1);
}

/**
 * Reads texts into features: each word's term (the feature PAIR_FEATURES plus its place), and each
 * pair of adjacent terms (a hashed feature below PAIR_FEATURES). `onNewTerm` hears of each feature
 * made, so that arrays by feature grow with it.
 */
export function createFeatureReader(onNewTerm: (feature: number) => void) {
  /** Each term's feature is PAIR_FEATURES and its place here. */
  const termFeatures = new Map<string, number>();
  const terms: string[] = [];
  /**
   * Each word seen, to its term's feature (STOP_WORD for a stop word): reading a corpus repeats a
   * vocabulary of some hundred thousand words, and stemming is most of the cost of reading a paper.
   */
  const featureOfWord = new Map<string, number>();
  /** A text's count per feature while it is read, and the features it has. */
  let counting = new Int32Array(PAIR_FEATURES);
  const counted: number[] = [];
  /**
   * A term's feature, made when `create`; NO_FEATURE when no paper has the term and it is not made.
   */
  function featureOfTerm(term: string, create: boolean): number {
    let feature = termFeatures.get(term);
    if (feature === undefined && create) {
      feature = PAIR_FEATURES + terms.length;
      terms.push(term);
      termFeatures.set(term, feature);
      counting = withRoomFor(counting, feature);
      onNewTerm(feature);
    }
    return feature ?? NO_FEATURE;
  }

  function tally(feature: number): void {
    if (counting[feature] === 0) counted.push(feature);
    counting[feature] = (counting[feature] as number) + 1;
  }

  /**
   * A text's features and their counts, in the order first read: its terms, and the pairs of terms
   * adjacent in its title or its abstract (stop words between them left out, as from the terms).
   */
  function featureCounts(text: PairText, create: boolean): { features: Int32Array; counts: Int32Array } {
    for (const part of [...Array.from({ length: TITLE_READINGS }, () => text.title), text.abstract]) {
      let previous: string | null = null;
      for (const word of textWords(part)) {
        let feature = featureOfWord.get(word);
        let term: string | null;
        if (feature === undefined) {
          term = termOfWord(word);
          feature = term === null ? STOP_WORD : featureOfTerm(term, create);
          if (feature !== NO_FEATURE) featureOfWord.set(word, feature);
        } else {
          term = feature === STOP_WORD ? null : (terms[feature - PAIR_FEATURES] as string);
        }
        if (term === null) continue;
        if (feature >= 0) tally(feature);
        if (previous !== null) tally(pairFeature(previous, term));
        previous = term;
      }
    }
    const features = Int32Array.from(counted);
    const counts = new Int32Array(features.length);
    features.forEach((feature, i) => {
      counts[i] = counting[feature] as number;
      counting[feature] = 0;
    });
    counted.length = 0;
    return { features, counts };
  }

  return {
    featureCounts,
    /** How many features there are: the pairs' and the terms' made so far. */
    get count(): number {
      return PAIR_FEATURES + terms.length;
    },
  };
}
