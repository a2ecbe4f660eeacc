/**
 * A term's TF-IDF weight in a text: repeats count by their logarithm, rare terms most (smoothed
 * rarity, as arxiv-sanity-lite's features weigh them).
 */
export function tfidfWeight(count: number, documentFrequency: number, papers: number): number {
  return (1 + Math.log(count)) * (Math.log((1 + papers) / (1 + documentFrequency)) + 1);
}

/** Weights by term scaled to unit length, so that a long text counts no more than a short one. */
export function unitLength(weights: ReadonlyMap<number, number>): Map<number, number> {
  let squares = 0;
  for (const weight of weights.values()) squares += weight * weight;
  const length = Math.sqrt(squares) || 1;
  return new Map([...weights].map(([term, weight]) => [term, weight / length]));
}

/**
 * What a reader's saved papers share: the sum of their unit-length weights, its `limit` heaviest
 * terms (those `asked` takes). A term several saved papers hold outweighs one that a single paper
 * repeats.
 */
export function readerProfile(
  vectors: readonly ReadonlyMap<number, number>[],
  limit: number,
  asked: (term: number) => boolean,
): Map<number, number> {
  const sums = new Map<number, number>();
  for (const vector of vectors) {
    for (const [term, weight] of vector) if (asked(term)) sums.set(term, (sums.get(term) ?? 0) + weight);
  }
  return new Map([...sums].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit));
}

/**
 * Which of `vectors` a text is most like over `terms`: the answer takes the text's weights, one per
 * term in that order, and gives the index of the vector of highest dot product (the first among
 * equals). Each vector is read once, for all the texts asked.
 */
export function closestVectorOver(
  vectors: readonly ReadonlyMap<number, number>[],
  terms: readonly number[],
): (weights: Float64Array) => number {
  const position = new Map(terms.map((term, i) => [term, i]));
  const positioned = vectors.map((vector) =>
    [...vector].flatMap(([term, weight]): [number, number][] => {
      const i = position.get(term);
      return i === undefined ? [] : [[i, weight]];
    }),
  );
  return (weights) => {
    let best = 0;
    let bestDot = -1;
    positioned.forEach((pairs, v) => {
      let dot = 0;
      for (const [i, weight] of pairs) dot += weight * (weights[i] as number);
      if (dot > bestDot) {
        best = v;
        bestDot = dot;
      }
    });
    return best;
  };
}
