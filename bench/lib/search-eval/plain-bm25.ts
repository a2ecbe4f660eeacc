import { BM25_B, BM25_K1 } from '../../../server/modules/search/bm25.js';
import { textTokens } from '../../../server/modules/search/text-tokens.js';

/** What plain BM25 reads of a paper. */
export interface PlainPaper {
  arxivId: string;
  title: string;
  abstract: string;
}

/**
 * The floor the site's ranking is held to: textbook BM25 over title and abstract, the title's words
 * counted `titleWeight` times, every paper scored for every distinct term of the question, nothing
 * else (no authors, no summaries, no bound on terms). It shares only the tokeniser and the two
 * constants with the site, and is written plainly (maps, a full sort) so that it is easy to check.
 */
export function plainBm25(papers: readonly PlainPaper[], titleWeight: number) {
  const postings = new Map<string, Map<number, number>>();
  const lengths: number[] = [];
  papers.forEach((paper, doc) => {
    const title = textTokens(paper.title);
    const abstract = textTokens(paper.abstract);
    lengths.push(title.length * titleWeight + abstract.length);
    const add = (tokens: string[], weight: number) => {
      for (const token of tokens) {
        let docs = postings.get(token);
        if (!docs) {
          docs = new Map();
          postings.set(token, docs);
        }
        docs.set(doc, (docs.get(doc) ?? 0) + weight);
      }
    };
    add(title, titleWeight);
    add(abstract, 1);
  });
  const meanLength = lengths.reduce((sum, length) => sum + length, 0) / papers.length;

  return {
    /** The arXiv ids of the `limit` best papers for the question. */
    rank(question: string, limit: number): string[] {
      const scores = new Map<number, number>();
      for (const term of new Set(textTokens(question))) {
        const docs = postings.get(term);
        if (!docs) continue;
        const idf = Math.log(1 + (papers.length - docs.size + 0.5) / (docs.size + 0.5));
        for (const [doc, tf] of docs) {
          const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (lengths[doc] ?? 0)) / meanLength);
          scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (BM25_K1 + 1)) / (tf + norm));
        }
      }
      return [...scores]
        .sort((a, b) => b[1] - a[1] || b[0] - a[0])
        .slice(0, limit)
        .map(([doc]) => papers[doc]?.arxivId ?? '');
    },
  };
}
