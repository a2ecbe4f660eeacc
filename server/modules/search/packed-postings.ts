/** Postings packed by term: term t's papers are slots[offsets[t]] up to slots[offsets[t + 1]]. */
export interface PackedPostings {
  offsets: Int32Array;
  slots: Int32Array;
  counts: Float32Array;
}

/** A paper put since the last packing, with its terms and their counts. */
export interface RecentPaper {
  slot: number;
  terms: Int32Array;
  counts: Float32Array;
}

/**
 * The packed postings and the recent papers' merged into one packing, the postings of papers not
 * `alive` left out, with each term's count of papers (for terms 0 to `terms` - 1).
 */
export function mergedPostings(
  packed: PackedPostings,
  recent: readonly RecentPaper[],
  alive: Uint8Array,
  terms: number,
): { packed: PackedPostings; documentFrequency: Int32Array } {
  const live = new Int32Array(terms + 1);
  for (let term = 0; term < terms; term++) {
    for (let i = packed.offsets[term] ?? 0; i < (packed.offsets[term + 1] ?? 0); i++) {
      if (alive[packed.slots[i] as number]) live[term + 1] = (live[term + 1] as number) + 1;
    }
  }
  for (const paper of recent) {
    if (!alive[paper.slot]) continue;
    for (const term of paper.terms) live[term + 1] = (live[term + 1] as number) + 1;
  }
  const offsets = new Int32Array(terms + 1);
  for (let term = 0; term < terms; term++) offsets[term + 1] = (offsets[term] as number) + (live[term + 1] as number);
  const total = offsets[terms] as number;
  const next: PackedPostings = { offsets, slots: new Int32Array(total), counts: new Float32Array(total) };
  const at = offsets.slice();
  const append = (term: number, slot: number, count: number) => {
    const position = at[term] as number;
    next.slots[position] = slot;
    next.counts[position] = count;
    at[term] = position + 1;
  };
  for (let term = 0; term < terms; term++) {
    for (let i = packed.offsets[term] ?? 0; i < (packed.offsets[term + 1] ?? 0); i++) {
      const slot = packed.slots[i] as number;
      if (alive[slot]) append(term, slot, packed.counts[i] as number);
    }
  }
  for (const paper of recent) {
    if (!alive[paper.slot]) continue;
    paper.terms.forEach((term, i) => {
      append(term, paper.slot, paper.counts[i] as number);
    });
  }
  return { packed: next, documentFrequency: live.subarray(1) };
}

/** The count of `term` in the packed paper at `slot`, 0 when it has none: slots are in order within a term. */
export function packedCount(packed: PackedPostings, term: number, slot: number): number {
  let low = packed.offsets[term] ?? 0;
  let high = (packed.offsets[term + 1] ?? 0) - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = packed.slots[middle] as number;
    if (at === slot) return packed.counts[middle] as number;
    if (at < slot) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}

/** `array`, or a copy at least `needed` long (doubling, so that growing one at a time stays linear). */
export function grown<T extends Int32Array | Float32Array | Float64Array | Uint8Array | Uint16Array>(
  array: T,
  needed: number,
): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}
