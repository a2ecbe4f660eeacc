import { seededRandom } from '../../../server/modules/search/seeded-random.js';
import { type TfidfPaper, tfidfVectors } from '../related-eval/plain-tfidf.js';

/** arxiv-sanity-lite's LinearSVC: C 0.01, classes weighted by their size (`balanced`), squared hinge loss. */
const C = 0.01;
/** Passes over the papers at most, and the spread of the projected gradient that ends them sooner. */
const MOST_PASSES = 10;
const TOLERANCE = 1e-3;

/**
 * arxiv-sanity-lite's recommendations: per reader, a linear SVM over the TF-IDF features
 * (`tfidfVectors`) with the saved papers as positives and every other paper as a negative, the
 * papers ranked by its decision value, the saved ones left out. Trained by dual coordinate descent
 * (liblinear's solver for LinearSVC, the intercept as a feature of 1), each pass in a seeded order.
 */
export function linearSvm(papers: readonly TfidfPaper[]) {
  const vectors = tfidfVectors(papers);
  const termIds = new Map<string, number>();
  const offsets = new Int32Array(papers.length + 1);
  vectors.forEach((vector, doc) => {
    offsets[doc + 1] = (offsets[doc] as number) + vector.size;
  });
  const terms = new Int32Array(offsets[papers.length] as number);
  const weights = new Float64Array(terms.length);
  vectors.forEach((vector, doc) => {
    let at = offsets[doc] as number;
    for (const [term, weight] of vector) {
      let id = termIds.get(term);
      if (id === undefined) {
        id = termIds.size;
        termIds.set(term, id);
      }
      terms[at] = id;
      weights[at++] = weight;
    }
  });
  const docOf = new Map(papers.map((paper, doc) => [paper.arxivId, doc]));
  const dot = (w: Float64Array, doc: number) => {
    let sum = w[termIds.size] as number;
    for (let i = offsets[doc] as number; i < (offsets[doc + 1] as number); i++) {
      sum += (w[terms[i] as number] as number) * (weights[i] as number);
    }
    return sum;
  };

  return (bookmarks: readonly string[], limit: number): string[] => {
    const positive = new Set(bookmarks.flatMap((id) => docOf.get(id) ?? []));
    const n = papers.length;
    const w = new Float64Array(termIds.size + 1);
    const alpha = new Float64Array(n);
    const label = (doc: number) => (positive.has(doc) ? 1 : -1);
    const diagonal = (doc: number) =>
      1 / (2 * ((C * n) / (2 * (positive.has(doc) ? positive.size : n - positive.size))));
    const order = Array.from({ length: n }, (_, i) => i);
    const random = seededRandom(n + positive.size);
    for (let pass = 0; pass < MOST_PASSES; pass++) {
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
      let highest = Number.NEGATIVE_INFINITY;
      let lowest = Number.POSITIVE_INFINITY;
      for (const doc of order) {
        const y = label(doc);
        const d = diagonal(doc);
        const a = alpha[doc] as number;
        const gradient = y * dot(w, doc) - 1 + d * a;
        const projected = a === 0 ? Math.min(gradient, 0) : gradient;
        highest = Math.max(highest, projected);
        lowest = Math.min(lowest, projected);
        if (projected === 0) continue;
        // Each vector has unit length, and the intercept's feature is 1.
        const next = Math.max(a - gradient / (2 + d), 0);
        const step = (next - a) * y;
        alpha[doc] = next;
        for (let k = offsets[doc] as number; k < (offsets[doc + 1] as number); k++) {
          const term = terms[k] as number;
          w[term] = (w[term] as number) + step * (weights[k] as number);
        }
        w[termIds.size] = (w[termIds.size] as number) + step;
      }
      if (highest - lowest < TOLERANCE) break;
    }
    const scored: [number, number][] = [];
    for (let doc = 0; doc < n; doc++) if (!positive.has(doc)) scored.push([doc, dot(w, doc)]);
    return scored
      .sort((a, b) => b[1] - a[1] || b[0] - a[0])
      .slice(0, limit)
      .map(([doc]) => papers[doc]?.arxivId ?? '');
  };
}
