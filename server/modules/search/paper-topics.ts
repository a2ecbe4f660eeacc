import { grown } from './packed-postings.js';
import { toUnitLength } from './topic-postings.js';

/**
 * The corpus's fitted topics as an index holds them: each fitted word feature's topic vector, and
 * each paper's (by slot, `dims` a slot) at unit length. Empty until the first fit is taken.
 */
export function createPaperTopics(dims: number) {
  let ofFeature: Map<number, Float32Array> | null = null;
  let ofSlot = new Float32Array(0);

  /** Adds a feature's topic vector, times `weight`, to `topic`; a feature not fitted has none. */
  function addTo(topic: Float32Array | Float64Array, feature: number, weight: number): void {
    const vector = ofFeature?.get(feature);
    if (!vector) return;
    for (let k = 0; k < dims; k++) topic[k] = (topic[k] as number) + weight * (vector[k] as number);
  }

  /** The topic vector of the paper at `slot`, or null when it has none. */
  function ofPaper(slot: number): Float32Array | null {
    return ofFeature && (slot + 1) * dims <= ofSlot.length ? ofSlot.subarray(slot * dims, (slot + 1) * dims) : null;
  }

  return {
    /** Whether topics are fitted. */
    get fitted(): boolean {
      return ofFeature !== null;
    },
    ofPaper,

    /** Takes a fit: `vectors` holds `dims` for each of `features`, `folded` the papers' vectors made from them. */
    take(features: Int32Array, vectors: Float32Array, folded: Float32Array<ArrayBuffer>): void {
      ofFeature = new Map(
        [...features].map((feature, column) => [feature, vectors.subarray(column * dims, (column + 1) * dims)]),
      );
      ofSlot = folded;
    },

    /**
     * Gives the paper at `slot` its topic vector, its features' vectors times their weights
     * (`weightOf` each feature's place) at unit length; nothing before a fit.
     */
    fold(slot: number, features: Int32Array, weightOf: (i: number) => number): void {
      if (!ofFeature) return;
      ofSlot = grown(ofSlot, (slot + 1) * dims);
      const topic = ofSlot.subarray(slot * dims, (slot + 1) * dims);
      topic.fill(0);
      features.forEach((feature, i) => {
        addTo(topic, feature, weightOf(i));
      });
      toUnitLength(topic);
    },

    /** The topic vector at unit length of a text's weights by feature, or null before a fit. */
    ofWeights(weights: ReadonlyMap<number, number>): Float64Array | null {
      if (!ofFeature) return null;
      const topic = new Float64Array(dims);
      for (const [feature, weight] of weights) addTo(topic, feature, weight);
      toUnitLength(topic);
      return topic;
    },

    /** The cosine of a unit-length topic vector to the paper's at `slot` (0 when it has none). */
    cosine(topic: Float64Array, slot: number): number {
      const vector = ofPaper(slot);
      if (!vector) return 0;
      let cosine = 0;
      for (let k = 0; k < dims; k++) cosine += (topic[k] as number) * (vector[k] as number);
      return cosine;
    },
  };
}
