import type { PackedPostings } from './packed-postings.js';
import { seededRandom } from './seeded-random.js';
import type { TopicRows } from './topic-vectors.js';

/** Postings read between two turns of the event loop while topics are fitted or given out: some tens of milliseconds. */
const FOLD_POSTINGS_PER_TURN = 25_000;

/** The rows a topic fit reads, and the word feature of each of their columns. */
export interface TopicFitRows {
  rows: TopicRows;
  features: Int32Array<ArrayBuffer>;
  dims: number;
  seed: number;
}

/**
 * The word-pair index's postings as topics read them: packed by feature, a posting's weight in its
 * paper its count (by its logarithm) times the feature's rarity, over the paper's vector length.
 */
export interface PaperPostings {
  packed: PackedPostings;
  lengths: Float32Array;
  rarity: (feature: number) => number;
}

/**
 * A reader of postings that lets the event loop turn once FOLD_POSTINGS_PER_TURN have been read since
 * it last did: building or giving out topics reads millions, and requests wait meanwhile.
 */
function turnsBetweenPostings(): (read: number) => Promise<void> {
  let sinceTurn = 0;
  return async (read) => {
    sinceTurn += read;
    if (sinceTurn < FOLD_POSTINGS_PER_TURN) return;
    sinceTurn = 0;
    await new Promise((resolve) => setImmediate(resolve));
  };
}

/** Calls `visit` with each posting of each feature, in order, and its weight; the event loop turns between. */
async function eachWeightedPosting(
  { packed, lengths, rarity }: PaperPostings,
  features: ArrayLike<number>,
  visit: (column: number, slot: number, weight: number) => void,
): Promise<void> {
  const turn = turnsBetweenPostings();
  for (let column = 0; column < features.length; column++) {
    const feature = features[column] as number;
    const rarityWeight = rarity(feature);
    const [first, end] = [packed.offsets[feature] as number, packed.offsets[feature + 1] as number];
    for (let i = first; i < end; i++) {
      const slot = packed.slots[i] as number;
      visit(column, slot, ((packed.counts[i] as number) * rarityWeight) / (lengths[slot] as number));
    }
    await turn(end - first);
  }
}

/**
 * The rows a topic fit reads: up to `sample` of the `live` slots drawn by `seed` (of `slotCount`),
 * each its weights over `features` (the columns, in order).
 */
export async function sampledTopicRows(
  postings: PaperPostings,
  {
    live,
    slotCount,
    features,
    sample,
    seed,
    dims,
  }: {
    live: readonly number[];
    slotCount: number;
    features: readonly number[];
    sample: number;
    seed: number;
    dims: number;
  },
): Promise<TopicFitRows> {
  const random = seededRandom(seed);
  const share = sample / live.length;
  const rowOfSlot = new Int32Array(slotCount).fill(-1);
  let rowCount = 0;
  for (const slot of [...live].sort((a, b) => a - b)) if (random() < share) rowOfSlot[slot] = rowCount++;
  const perRow = new Int32Array(rowCount + 1);
  await eachWeightedPosting(postings, features, (_, slot) => {
    const row = rowOfSlot[slot] as number;
    if (row >= 0) perRow[row + 1] = (perRow[row + 1] as number) + 1;
  });
  for (let row = 0; row < rowCount; row++) perRow[row + 1] = (perRow[row + 1] as number) + (perRow[row] as number);
  const offsets = perRow.slice();
  const columns = new Int32Array(offsets[rowCount] as number);
  const weights = new Float32Array(columns.length);
  await eachWeightedPosting(postings, features, (column, slot, weight) => {
    const row = rowOfSlot[slot] as number;
    if (row < 0) return;
    const at = perRow[row] as number;
    columns[at] = column;
    weights[at] = weight;
    perRow[row] = at + 1;
  });
  return {
    rows: { offsets, columns, weights, columnCount: features.length },
    features: Int32Array.from(features),
    dims,
    seed,
  };
}

/** `topic` scaled in place to unit length (left as it is when all zero). */
export function toUnitLength(topic: Float32Array | Float64Array): void {
  let squares = 0;
  for (const value of topic) squares += value * value;
  const length = Math.sqrt(squares) || 1;
  for (let k = 0; k < topic.length; k++) topic[k] = (topic[k] as number) / length;
}

/**
 * Every slot's topic vector (`dims` a slot, `slotCount` slots), at unit length: its features' fitted
 * vectors (`vectors`, `dims` for each of `features`) times their weights in it.
 */
export async function foldedTopics(
  postings: PaperPostings,
  features: Int32Array,
  vectors: Float32Array,
  slotCount: number,
  dims: number,
): Promise<Float32Array<ArrayBuffer>> {
  const folded = new Float32Array(slotCount * dims);
  await eachWeightedPosting(postings, features, (column, slot, weight) => {
    const [from, at] = [column * dims, slot * dims];
    for (let k = 0; k < dims; k++) folded[at + k] = (folded[at + k] as number) + weight * (vectors[from + k] as number);
  });
  for (let slot = 0; slot < slotCount; slot++) toUnitLength(folded.subarray(slot * dims, (slot + 1) * dims));
  return folded;
}
