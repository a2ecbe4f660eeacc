import { bestFirst } from './bm25.js';
import { rankedHeadFirst } from './lifted-ranking.js';
import { grown, mergedPostings, type PackedPostings, packedCount, type RecentPaper } from './packed-postings.js';
import { createFeatureReader, PAIR_FEATURES, type PairText, withRoomFor } from './pair-features.js';
import { createPaperTopics } from './paper-topics.js';
import { closestVectorOver, readerProfile, unitLength } from './term-weights.js';
import {
  foldedTopics,
  type PaperPostings,
  sampledTopicRows,
  type TopicFitRows,
  toUnitLength,
} from './topic-postings.js';

/**
 * Features in more than this share of the papers, and in more than MOST_SHARED_POSTINGS of them,
 * are not asked: they weigh little in any cosine, and on a large corpus their postings are most of
 * the cost (on a small one they cost nothing and are kept).
 */
const MOST_SHARED = 0.2;
const MOST_SHARED_POSTINGS = 5_000;
/**
 * The most features of a reader's profile that are asked, its heaviest first: three saved papers
 * hold about twice as many words and pairs.
 */
const PROFILE_FEATURES = 400;
/**
 * The corpus's topics (ADR 0062): fitted on up to TOPIC_SAMPLE papers drawn by TOPIC_SEED, over the
 * words of at least TOPIC_MIN_DF papers, TOPIC_DIMS of them; first once the index holds
 * TOPICS_FROM_PAPERS papers (fewer say too little), again once the papers put since are a quarter
 * of those it was fitted on. Their cosine adds its weight times itself to the words' and pairs':
 * RELATED_TOPIC_WEIGHT for papers like one, READER_TOPIC_WEIGHT for papers like a reader's (their
 * sum says more of a topic than any one paper; both set on the tune half of the curated lists,
 * keeping every judged set above its baseline: ADR 0062's amendment).
 */
const TOPIC_DIMS = 128;
const TOPIC_SAMPLE = 10_000;
const TOPIC_MIN_DF = 5;
const TOPIC_SEED = 20261207;
const TOPICS_FROM_PAPERS = 1_000;
const TOPIC_REFIT_SHARE = 0.25;
const RELATED_TOPIC_WEIGHT = 0.25;
const READER_TOPIC_WEIGHT = 0.5;
/** How many of the best papers by words and pairs the topics weigh. */
const TOPIC_DEPTH = 1_000;

/** A paper a reader saved. */
export interface SavedPaperText extends PairText {
  id: number;
}

/** A paper answered for a reader, with the saved paper it is most like. */
export interface AlikePaper {
  paperId: number;
  becauseId: number;
}

/**
 * Papers near one paper, or near what a reader saved, by the cosine of their TF-IDF vectors over the
 * terms of title and abstract and the pairs of adjacent terms (arxiv-sanity-lite's features: counts
 * by their logarithm, smoothed rarity, unit length): a pair such as "reward model" or "chain
 * thought" names a topic that its two words alone do not. Postings are packed by feature in typed
 * arrays, each with its term's count by its logarithm; papers put since the last packing are kept
 * each with its features and scanned whole. Each paper's vector length is measured when it is put
 * and again for every paper at each packing, as rarities move.
 */
export function createWordPairIndex() {
  let documentFrequency = new Int32Array(PAIR_FEATURES);
  const reader = createFeatureReader((feature) => {
    documentFrequency = withRoomFor(documentFrequency, feature);
  });
  const { featureCounts } = reader;
  const featureCount = () => reader.count;
  let packed: PackedPostings = {
    offsets: new Int32Array(PAIR_FEATURES + 1),
    slots: new Int32Array(0),
    counts: new Float32Array(0),
  };
  let recent: RecentPaper[] = [];
  let recentPostings = 0;
  let removedPostings = 0;

  const slotOf = new Map<number, number>();
  let paperIds = new Int32Array(1024);
  let lengths = new Float32Array(1024);
  let alive = new Uint8Array(1024);
  let featuresOfSlot = new Int32Array(1024);
  let slots = 0;
  let papers = 0;
  let scores = new Float64Array(1024);

  const topics = createPaperTopics(TOPIC_DIMS);
  let papersAtFit = 0;
  let putSinceFit = 0;

  const frequencyOf = (feature: number) => Math.min(documentFrequency[feature] as number, papers);
  /** Smoothed rarity, as arxiv-sanity-lite weighs terms. */
  const rarity = (feature: number) => Math.log((1 + papers) / (1 + frequencyOf(feature))) + 1;
  const asked = (feature: number) => {
    const df = frequencyOf(feature);
    return df > 0 && (df <= papers * MOST_SHARED || df <= MOST_SHARED_POSTINGS);
  };

  /** A text's TF-IDF vector over the features some paper holds, at unit length. */
  function vectorOf(text: PairText): Map<number, number> {
    const { features, counts } = featureCounts(text, false);
    const weights = new Map<number, number>();
    features.forEach((feature, i) => {
      if (frequencyOf(feature) > 0) weights.set(feature, (1 + Math.log(counts[i] as number)) * rarity(feature));
    });
    return unitLength(weights);
  }

  function remove(paperId: number): void {
    const slot = slotOf.get(paperId);
    if (slot === undefined) return;
    slotOf.delete(paperId);
    alive[slot] = 0;
    papers -= 1;
    removedPostings += featuresOfSlot[slot] as number;
    packWhenDue();
  }

  /** Adds a paper (replacing its earlier text) without packing: a corpus being read in is packed once, at the end. */
  function add(paperId: number, text: PairText): void {
    remove(paperId);
    const { features, counts } = featureCounts(text, true);
    const slot = slots++;
    paperIds = grown(paperIds, slots);
    lengths = grown(lengths, slots);
    alive = grown(alive, slots);
    featuresOfSlot = grown(featuresOfSlot, slots);
    paperIds[slot] = paperId;
    alive[slot] = 1;
    featuresOfSlot[slot] = features.length;
    const logCounts = Float32Array.from(counts, (count) => 1 + Math.log(count));
    for (const feature of features) documentFrequency[feature] = (documentFrequency[feature] as number) + 1;
    papers += 1;
    let squares = 0;
    features.forEach((feature, i) => {
      squares += ((logCounts[i] as number) * rarity(feature)) ** 2;
    });
    lengths[slot] = Math.sqrt(squares) || 1;
    putSinceFit += 1;
    topics.fold(slot, features, (i) => (logCounts[i] as number) * rarity(features[i] as number));
    recent.push({ slot, terms: features, counts: logCounts });
    recentPostings += features.length;
    slotOf.set(paperId, slot);
  }

  function put(paperId: number, text: PairText): void {
    add(paperId, text);
    packWhenDue();
  }

  /** Packs once the papers put or removed since the last packing hold a quarter of the packed postings. */
  function packWhenDue(): void {
    if (recentPostings + removedPostings > Math.max(50_000, packed.slots.length / 4)) pack();
  }

  /** Packs the recent papers in with the rest, leaving out removed ones, and measures every length again. */
  function pack(): void {
    const merged = mergedPostings(packed, recent, alive, featureCount());
    packed = merged.packed;
    documentFrequency.set(merged.documentFrequency);
    recent = [];
    recentPostings = 0;
    removedPostings = 0;
    const squares = new Float64Array(slots);
    for (let feature = 0; feature < featureCount(); feature++) {
      const from = packed.offsets[feature] as number;
      const to = packed.offsets[feature + 1] as number;
      if (from === to) continue;
      const weight = rarity(feature);
      for (let i = from; i < to; i++) {
        const slot = packed.slots[i] as number;
        squares[slot] = (squares[slot] as number) + ((packed.counts[i] as number) * weight) ** 2;
      }
    }
    for (let slot = 0; slot < slots; slot++) lengths[slot] = Math.sqrt(squares[slot] as number) || 1;
  }

  /** What a reader's saved papers share in topics: the sum of their topic vectors, at unit length. */
  function readerTopic(
    saved: readonly SavedPaperText[],
    vectors: readonly ReadonlyMap<number, number>[],
  ): Float64Array | null {
    if (!topics.fitted) return null;
    const sum = new Float64Array(TOPIC_DIMS);
    saved.forEach((paper, i) => {
      // A saved paper in the index has its topic vector already; reading it spares a reader of
      // many papers their words' vectors.
      const slot = slotOf.get(paper.id);
      const topic =
        (slot === undefined ? null : topics.ofPaper(slot)) ??
        (topics.ofWeights(vectors[i] as ReadonlyMap<number, number>) as Float64Array);
      for (let k = 0; k < TOPIC_DIMS; k++) sum[k] = (sum[k] as number) + (topic[k] as number);
    });
    toUnitLength(sum);
    return sum;
  }

  /** Whether the topics are to be fitted (again): see TOPICS_FROM_PAPERS and TOPIC_REFIT_SHARE. */
  function topicsDue(): boolean {
    if (papers < TOPICS_FROM_PAPERS) return false;
    return !topics.fitted || putSinceFit > papersAtFit * TOPIC_REFIT_SHARE;
  }

  const postings = (): PaperPostings => ({ packed, lengths, rarity });

  /**
   * The rows a topic fit reads, packed first: up to TOPIC_SAMPLE papers drawn by TOPIC_SEED, each
   * its weights (as `vectorOf` weighs a text) over the words of at least TOPIC_MIN_DF papers. The
   * event loop turns while they are read.
   */
  async function topicRows(): Promise<TopicFitRows> {
    pack();
    const features: number[] = [];
    for (let feature = PAIR_FEATURES; feature < featureCount(); feature++) {
      if (frequencyOf(feature) >= TOPIC_MIN_DF) features.push(feature);
    }
    return sampledTopicRows(postings(), {
      live: [...slotOf.values()],
      slotCount: slots,
      features,
      sample: TOPIC_SAMPLE,
      seed: TOPIC_SEED,
      dims: TOPIC_DIMS,
    });
  }

  /**
   * Takes fitted topics (`vectors`: TOPIC_DIMS for each of `features`, as `topicRows` listed them)
   * and gives every paper its topic vector: its words' vectors times their weights, at unit length.
   * The event loop turns while they are read, and the topics are used once every
   * paper has its vector; papers put meanwhile are given theirs at the end.
   */
  async function takeTopics(features: Int32Array, vectors: Float32Array<ArrayBuffer>): Promise<void> {
    pack();
    const slotsThen = slots;
    const folded = await foldedTopics(postings(), features, vectors, slotsThen, TOPIC_DIMS);
    topics.take(features, vectors, folded);
    for (const paper of recent) {
      if (paper.slot >= slotsThen) {
        topics.fold(paper.slot, paper.terms, (i) => (paper.counts[i] as number) * rarity(paper.terms[i] as number));
      }
    }
    papersAtFit = papers;
    putSinceFit = slots - slotsThen;
  }

  /**
   * Scores every paper holding a feature of `query` by its cosine to it (the query's weights times
   * the paper's, over its length), plus `topicWeight` times the cosine of its topic vector to
   * `topic` (when topics are fitted), and answers the slots of the best `limit` that `accept` takes (the
   * newest first among equals), those `lifted` takes lifted (liftedFirst).
   */
  function nearest(
    query: ReadonlyMap<number, number>,
    topic: Float64Array | null,
    topicWeight: number,
    limit: number,
    accept?: (paperId: number) => boolean,
    lifted?: (paperId: number) => boolean,
  ): number[] {
    scores = grown(scores, slots);
    const touched: number[] = [];
    const add = (slot: number, share: number) => {
      if (!alive[slot]) return;
      if (scores[slot] === 0) touched.push(slot);
      scores[slot] = (scores[slot] as number) + share;
    };
    const weights = new Map<number, number>();
    for (const [feature, weight] of query) {
      if (!asked(feature)) continue;
      const scaled = weight * rarity(feature);
      weights.set(feature, scaled);
      for (let i = packed.offsets[feature] ?? 0; i < (packed.offsets[feature + 1] ?? 0); i++) {
        add(packed.slots[i] as number, scaled * (packed.counts[i] as number));
      }
    }
    for (const paper of recent) {
      paper.terms.forEach((feature, i) => {
        const weight = weights.get(feature);
        if (weight !== undefined) add(paper.slot, weight * (paper.counts[i] as number));
      });
    }
    for (const slot of touched) scores[slot] = (scores[slot] as number) / (lengths[slot] as number);
    const better = (a: number, b: number) => {
      const difference = (scores[a] as number) - (scores[b] as number);
      return difference !== 0 ? difference > 0 : (paperIds[a] as number) > (paperIds[b] as number);
    };
    // The best TOPIC_DEPTH that `accept` takes, by words and pairs: topics weigh only these (a paper
    // sharing none with the query, or far down their ranking, scored too little to place in the
    // measured sets, and leaving them out spares a topic vector's product for every paper), and the
    // answer is looked for among them first.
    const acceptSlot = accept && ((slot: number) => accept(paperIds[slot] as number));
    const head = bestFirst(touched, TOPIC_DEPTH, better, acceptSlot);
    const deep = head.length === TOPIC_DEPTH && touched.length > TOPIC_DEPTH;
    const floor = deep ? (scores[head.at(-1) as number] as number) : Number.NEGATIVE_INFINITY;
    if (topic) {
      for (const slot of head) scores[slot] = (scores[slot] as number) + topicWeight * topics.cosine(topic, slot);
    }
    const ranked = rankedHeadFirst(
      { slots: head, floor },
      touched,
      limit,
      better,
      (slot) => scores[slot] as number,
      acceptSlot,
      lifted && ((slot) => lifted(paperIds[slot] as number)),
    );
    for (const slot of touched) scores[slot] = 0;
    return ranked;
  }

  /** Up to `limit` papers nearest to the text, best first; the paper itself is left out by `accept`. */
  function similar(text: PairText, limit: number, accept?: (paperId: number) => boolean): number[] {
    if (papers === 0 || limit <= 0) return [];
    const query = vectorOf(text);
    return nearest(query, topics.ofWeights(query), RELATED_TOPIC_WEIGHT, limit, accept).map(
      (slot) => paperIds[slot] as number,
    );
  }

  /**
   * Up to `limit` papers nearest to a reader's saved papers: the sum of their unit-length vectors (so
   * that one long abstract does not outweigh the rest, and what several share counts most), its
   * PROFILE_FEATURES heaviest features asked. Saved papers are never answered; `accept` leaves out
   * more; papers `lifted` takes (a reader's areas) are lifted. Each answer names the saved paper it
   * is nearest to over the profile's features (the first of `saved` among equals).
   */
  function alike(
    saved: readonly SavedPaperText[],
    limit: number,
    accept?: (paperId: number) => boolean,
    lifted?: (paperId: number) => boolean,
  ): AlikePaper[] {
    if (papers === 0 || limit <= 0 || saved.length === 0) return [];
    const vectors = saved.map(vectorOf);
    const savedIds = new Set(saved.map((paper) => paper.id));
    const profile = readerProfile(vectors, PROFILE_FEATURES, asked);
    const topic = readerTopic(saved, vectors);
    const answered = nearest(
      profile,
      topic,
      READER_TOPIC_WEIGHT,
      limit,
      (id) => !savedIds.has(id) && (accept?.(id) ?? true),
      lifted,
    );
    const features = [...profile.keys()];
    const closest = closestVectorOver(vectors, features);
    const weights = new Float64Array(features.length);
    return answered.map((slot) => {
      const fresh = recent.find((paper) => paper.slot === slot);
      const counts = fresh ? new Map([...fresh.terms].map((feature, i) => [feature, fresh.counts[i] as number])) : null;
      features.forEach((feature, i) => {
        weights[i] = (counts ? (counts.get(feature) ?? 0) : packedCount(packed, feature, slot)) * rarity(feature);
      });
      return { paperId: paperIds[slot] as number, becauseId: saved[closest(weights)]?.id as number };
    });
  }

  return {
    add,
    put,
    remove,
    pack,
    topicsDue,
    topicRows,
    takeTopics,
    /** Whether papers have topic vectors. */
    get hasTopics(): boolean {
      return topics.fitted;
    },
    /** How many papers are indexed. */
    get size(): number {
      return papers;
    },
    similar,
    alike,
  };
}

export type WordPairIndex = ReturnType<typeof createWordPairIndex>;
