import { textTokens } from '../../../server/modules/search/text-tokens.js';

/** What plain TF-IDF reads of a paper. */
export interface TfidfPaper {
  arxivId: string;
  title: string;
  abstract: string;
}

/**
 * The baseline related papers are held to: arxiv-sanity-lite's features on the site's tokens, a
 * TF-IDF vector of title and abstract (sublinear term counts, smoothed inverse document frequency,
 * unit length), and the papers nearest by cosine. Written plainly (maps, a full sort) so that it is
 * easy to check.
 */
export function plainTfidf(papers: readonly TfidfPaper[]) {
  const counts = papers.map((paper) => {
    const terms = new Map<string, number>();
    for (const token of textTokens(`${paper.title} ${paper.abstract}`)) terms.set(token, (terms.get(token) ?? 0) + 1);
    return terms;
  });
  const documentFrequency = new Map<string, number>();
  for (const terms of counts)
    for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const vectors = counts.map((terms) => {
    const vector = new Map<string, number>();
    for (const [term, count] of terms) {
      const idf = Math.log((1 + papers.length) / (1 + (documentFrequency.get(term) ?? 0))) + 1;
      vector.set(term, (1 + Math.log(count)) * idf);
    }
    const length = Math.hypot(...vector.values()) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / length);
    return vector;
  });
  const postings = new Map<string, [number, number][]>();
  vectors.forEach((vector, doc) => {
    for (const [term, weight] of vector) {
      const list = postings.get(term);
      if (list) list.push([doc, weight]);
      else postings.set(term, [[doc, weight]]);
    }
  });
  const docOf = new Map(papers.map((paper, doc) => [paper.arxivId, doc]));

  return {
    /** The arXiv ids of the `limit` papers nearest to the paper by cosine, itself left out. */
    similar(arxivId: string, limit: number): string[] {
      const doc = docOf.get(arxivId);
      if (doc === undefined) return [];
      const scores = new Map<number, number>();
      for (const [term, weight] of vectors[doc] ?? []) {
        for (const [other, otherWeight] of postings.get(term) ?? []) {
          if (other !== doc) scores.set(other, (scores.get(other) ?? 0) + weight * otherWeight);
        }
      }
      return [...scores]
        .sort((a, b) => b[1] - a[1] || b[0] - a[0])
        .slice(0, limit)
        .map(([other]) => papers[other]?.arxivId ?? '');
    },
  };
}
