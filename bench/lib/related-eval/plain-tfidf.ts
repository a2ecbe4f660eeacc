import { bestFirst } from '../../../server/modules/search/bm25.js';
import { textTokens } from '../../../server/modules/search/text-tokens.js';

/** What plain TF-IDF reads of a paper. */
export interface TfidfPaper {
  arxivId: string;
  title: string;
  abstract: string;
}

/**
 * arxiv-sanity-lite's features on the site's tokens: each paper's TF-IDF vector of title and
 * abstract (sublinear term counts, smoothed inverse document frequency, unit length), in order.
 */
export function tfidfVectors(papers: readonly TfidfPaper[]): Map<string, number>[] {
  const counts = papers.map((paper) => {
    const terms = new Map<string, number>();
    for (const token of textTokens(`${paper.title} ${paper.abstract}`)) terms.set(token, (terms.get(token) ?? 0) + 1);
    return terms;
  });
  const documentFrequency = new Map<string, number>();
  for (const terms of counts)
    for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  return counts.map((terms) => {
    const vector = new Map<string, number>();
    for (const [term, count] of terms) {
      const idf = Math.log((1 + papers.length) / (1 + (documentFrequency.get(term) ?? 0))) + 1;
      vector.set(term, (1 + Math.log(count)) * idf);
    }
    const length = Math.hypot(...vector.values()) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / length);
    return vector;
  });
}

/**
 * The baseline related papers are held to: arxiv-sanity-lite's features (`tfidfVectors`) and the
 * papers nearest by cosine. Written plainly (maps, one score a paper, a heap of the best) so that it
 * is easy to check.
 */
export function plainTfidf(papers: readonly TfidfPaper[]) {
  const vectors = tfidfVectors(papers);
  const postings = new Map<string, [number, number][]>();
  vectors.forEach((vector, doc) => {
    for (const [term, weight] of vector) {
      const list = postings.get(term);
      if (list) list.push([doc, weight]);
      else postings.set(term, [[doc, weight]]);
    }
  });
  const docOf = new Map(papers.map((paper, doc) => [paper.arxivId, doc]));
  const scores = new Float64Array(papers.length);

  /**
   * The arXiv ids of the `limit` papers nearest by cosine to `query`, those of `left` left out (the
   * later paper first among equals).
   */
  function nearest(query: ReadonlyMap<string, number>, limit: number, left: ReadonlySet<number>): string[] {
    const touched: number[] = [];
    for (const [term, weight] of query) {
      for (const [other, otherWeight] of postings.get(term) ?? []) {
        if (scores[other] === 0) touched.push(other);
        scores[other] = (scores[other] as number) + weight * otherWeight;
      }
    }
    const better = (a: number, b: number) =>
      scores[a] !== scores[b] ? (scores[a] as number) > (scores[b] as number) : a > b;
    const best = bestFirst(
      touched.filter((other) => !left.has(other)),
      limit,
      better,
    );
    for (const other of touched) scores[other] = 0;
    return best.map((other) => papers[other]?.arxivId ?? '');
  }

  return {
    /** The arXiv ids of the `limit` papers nearest to the paper by cosine, itself left out. */
    similar(arxivId: string, limit: number): string[] {
      const doc = docOf.get(arxivId);
      if (doc === undefined) return [];
      return nearest(vectors[doc] ?? new Map(), limit, new Set([doc]));
    },
    /**
     * The arXiv ids of the `limit` papers nearest by cosine to the centroid of the papers' vectors
     * (a reader's saved papers), those papers left out.
     */
    centroid(arxivIds: readonly string[], limit: number): string[] {
      const docs = arxivIds.flatMap((arxivId) => docOf.get(arxivId) ?? []);
      const sum = new Map<string, number>();
      for (const doc of docs) {
        for (const [term, weight] of vectors[doc] ?? []) sum.set(term, (sum.get(term) ?? 0) + weight);
      }
      return nearest(sum, limit, new Set(docs));
    },
  };
}
