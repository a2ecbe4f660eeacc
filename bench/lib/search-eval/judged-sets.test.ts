import { describe, expect, it } from 'vitest';
import { type JudgedPaper, paraphraseQueries, topicalQueries } from './judged-sets.js';
import { sample } from './sample.js';

const papers: JudgedPaper[] = [
  {
    arxivId: '2501.00001',
    title: 'Robots That Fold Laundry',
    primaryCategory: 'cs.RO',
    categories: ['cs.RO', 'cs.AI'],
  },
  { arxivId: '2501.00002', title: 'Grasping With Language', primaryCategory: 'cs.CL', categories: ['cs.CL', 'cs.RO'] },
  { arxivId: '2501.00003', title: 'Speech Tokens', primaryCategory: 'eess.AS', categories: ['eess.AS', 'cs.SD'] },
  { arxivId: '2501.00004', title: 'Audio Captions', primaryCategory: 'cs.CL', categories: ['cs.CL', 'cs.SD'] },
];

describe('the judged query sets', () => {
  it('grades a topical query 2 for the papers filed under its terms first, 1 for those cross-listed', () => {
    const [robotics, audio] = topicalQueries(papers, {
      queries: [
        { query: 'robotics', terms: ['cs.RO'] },
        { query: 'speech and audio', terms: ['cs.SD', 'eess.AS'] },
      ],
    });
    expect(robotics?.judgments).toEqual(
      new Map([
        ['2501.00001', 2],
        ['2501.00002', 1],
      ]),
    );
    expect(audio?.judgments).toEqual(
      new Map([
        ['2501.00003', 2],
        ['2501.00004', 1],
      ]),
    );
    expect(() => topicalQueries(papers, { queries: [{ query: 'astronomy', terms: ['astro-ph'] }] })).toThrow(
      /no paper is filed under astro-ph/,
    );
  });

  it('judges each question by its paper, and refuses title words or papers the seed does not draw', () => {
    const [first, second] = sample(papers, 2, 7);
    if (!first || !second) throw new Error('two papers expected');
    const fair = {
      seed: 7,
      questions: [first, second].map(({ arxivId, title }) => ({ arxivId, title, question: 'What is new?' })),
    };
    expect(paraphraseQueries(papers, fair).map((query) => [...query.judgments.keys()])).toEqual([
      [first.arxivId],
      [second.arxivId],
    ]);

    const copying = { seed: 7, questions: [{ arxivId: first.arxivId, title: first.title, question: first.title }] };
    expect(() => paraphraseQueries(papers, copying)).toThrow(/uses the title's words/);
    const reordered = { seed: 7, questions: [...fair.questions].reverse() };
    expect(() => paraphraseQueries(papers, reordered)).toThrow(/but the seed draws/);
  });
});
