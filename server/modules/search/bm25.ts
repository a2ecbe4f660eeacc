/** The usual BM25 constants: how fast a term's repeats stop counting, and how much length weighs. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** The inverse document frequency BM25 gives a term found in `df` of `n` papers: never below 0. */
export function inverseFrequency(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** A term's share of a paper's score, given its weighted count and the paper's length over the mean. */
export function termScore(idf: number, tf: number, relativeLength: number): number {
  return (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * relativeLength));
}

/**
 * The `limit` best of `candidates` by `better`, best first: a heap of the best so far, its worst on
 * top, so a ranking of many scored papers keeps only `limit` of them. Only those `accept` takes,
 * when given: it is asked only of candidates that would place, not of every one.
 */
export function bestFirst(
  candidates: readonly number[],
  limit: number,
  better: (a: number, b: number) => boolean,
  accept?: (candidate: number) => boolean,
): number[] {
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as number, heap[i] as number];
  };
  for (const slot of candidates) {
    if (heap.length >= limit && !better(slot, heap[0] as number)) continue;
    if (accept && !accept(slot)) continue;
    if (heap.length < limit) {
      heap.push(slot);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!better(heap[parent] as number, heap[at] as number)) break;
        swap(at, parent);
        at = parent;
      }
    } else {
      heap[0] = slot;
      for (let at = 0; ; ) {
        let worst = at;
        for (const child of [at * 2 + 1, at * 2 + 2]) {
          if (child < heap.length && better(heap[worst] as number, heap[child] as number)) worst = child;
        }
        if (worst === at) break;
        swap(at, worst);
        at = worst;
      }
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}
