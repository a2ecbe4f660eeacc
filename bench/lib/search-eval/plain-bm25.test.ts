import { describe, expect, it } from 'vitest';
import { plainBm25 } from './plain-bm25.js';

describe('plain BM25', () => {
  const papers = [
    { arxivId: 'title', title: 'Graph transformers', abstract: 'We study many models of molecules and proteins.' },
    { arxivId: 'abstract', title: 'Molecules at scale', abstract: 'Graph transformers for molecules at scale.' },
    { arxivId: 'long', title: 'A survey', abstract: `Graph transformers. ${'Other words here. '.repeat(30)}` },
    { arxivId: 'none', title: 'Speech', abstract: 'Audio tokens.' },
  ];

  it('ranks a term in the title above the same term in the abstract, and a short paper above a long one', () => {
    expect(plainBm25(papers, 3).rank('graph transformer', 10)).toEqual(['title', 'abstract', 'long']);
    expect(plainBm25(papers, 1).rank('graph transformer', 10)).toEqual(['abstract', 'title', 'long']);
  });

  it('weighs a rare term above a common one, and finds nothing for words no paper has', () => {
    expect(plainBm25(papers, 3).rank('molecules audio', 1)).toEqual(['none']);
    expect(plainBm25(papers, 3).rank('zzqxjvbnk', 10)).toEqual([]);
  });
});
