import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  arabicTwins,
  JUDGED_SETS_DIR,
  type JudgedPaper,
  LIST_SUBJECT,
  paraphraseQueries,
  paraphrasesInContext,
  pastedSentences,
  topicalInContext,
  topicalQueries,
} from './judged-sets.js';
import { sample } from './sample.js';

const papers: JudgedPaper[] = [
  {
    arxivId: '2501.00001',
    title: 'Robots That Fold Laundry',
    abstract: 'We fold shirts. A robot learns from videos. It folds towels too.',
    primaryCategory: 'cs.RO',
    categories: ['cs.RO', 'cs.AI'],
  },
  {
    arxivId: '2501.00002',
    title: 'Grasping With Language',
    abstract: 'Words guide a gripper.',
    primaryCategory: 'cs.CL',
    categories: ['cs.CL', 'cs.RO'],
  },
  {
    arxivId: '2501.00003',
    title: 'Speech Tokens',
    abstract: 'Speech becomes tokens. Tokens become speech.',
    primaryCategory: 'eess.AS',
    categories: ['eess.AS', 'cs.SD'],
  },
  {
    arxivId: '2501.00004',
    title: 'Audio Captions',
    abstract: 'Captions for sounds, e.g. rain. We release them.',
    primaryCategory: 'cs.CL',
    categories: ['cs.CL', 'cs.SD'],
  },
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

  it('asks a query in context as a curated list heads it, judged as the query alone', () => {
    const topical = { queries: [{ query: 'speech and audio', terms: ['eess.AS', 'cs.SD'] }] };
    const [audio] = topicalInContext(papers, topical);
    expect(audio?.query).toBe(`${LIST_SUBJECT}: Electrical Engineering and Systems Science > speech and audio`);
    expect(audio?.judgments).toEqual(topicalQueries(papers, topical)[0]?.judgments);

    const [drawn] = sample(papers, 1, 7);
    if (!drawn) throw new Error('a paper expected');
    const file = { seed: 7, questions: [{ arxivId: drawn.arxivId, title: drawn.title, question: 'What is new?' }] };
    const group = drawn.primaryCategory.startsWith('eess')
      ? 'Electrical Engineering and Systems Science'
      : 'Computer Science';
    expect(paraphrasesInContext(papers, file).map(({ query }) => query)).toEqual([
      `${LIST_SUBJECT}: ${group} > What is new?`,
    ]);
  });

  it('pastes the last two sentences of the abstract of each drawn paper, judging that paper', () => {
    const file = {
      seed: 7,
      questions: sample(papers, 4, 7).map(({ arxivId, title }) => ({ arxivId, title, question: '' })),
    };
    const byId = Object.fromEntries(
      pastedSentences(papers, file).map(({ query, judgments }) => [[...judgments.keys()][0], query]),
    );
    expect(byId).toEqual({
      '2501.00001': 'A robot learns from videos. It folds towels too.',
      '2501.00002': 'Words guide a gripper.',
      '2501.00003': 'Speech becomes tokens. Tokens become speech.',
      '2501.00004': 'Captions for sounds, e.g. rain. We release them.',
    });
  });
});

describe('the Arabic twins', () => {
  const english = {
    topical: [{ query: 'robotics', judgments: new Map([['2501.00001', 2]]) }],
    paraphrased: [{ query: 'Which robot folds towels?', judgments: new Map([['2501.00001', 2]]) }],
  };

  it('are judged as their English twins', () => {
    const twins = arabicTwins(english, {
      topical: [{ query: 'robotics', arabic: 'الروبوتات' }],
      paraphrased: [{ arxivId: '2501.00001', arabic: 'أي روبوت يطوي المناشف؟' }],
    });
    expect(twins.topical).toEqual([{ query: 'الروبوتات', judgments: english.topical[0]?.judgments }]);
    expect(twins.paraphrased).toEqual([
      { query: 'أي روبوت يطوي المناشف؟', judgments: english.paraphrased[0]?.judgments },
    ]);
  });

  it('refuse a twin of another query, or a set with one missing', () => {
    expect(() =>
      arabicTwins(english, {
        topical: [{ query: 'robots', arabic: 'الروبوتات' }],
        paraphrased: [{ arxivId: '2501.00001', arabic: 'أي روبوت يطوي المناشف؟' }],
      }),
    ).toThrow('topical 1: "robots" is no twin of "robotics"');
    expect(() => arabicTwins(english, { topical: [], paraphrased: [] })).toThrow(
      'topical: 0 Arabic twins for 1 queries',
    );
  });

  it('are those of the committed sets, one for each English query', () => {
    const file = JSON.parse(readFileSync(path.join(JUDGED_SETS_DIR, 'arabic.json'), 'utf8')) as {
      topical: { arabic: string }[];
      paraphrased: { arabic: string }[];
    };
    expect(file.topical).toHaveLength(30);
    expect(file.paraphrased).toHaveLength(60);
    for (const { arabic } of [...file.topical, ...file.paraphrased]) expect(arabic).toMatch(/[\u0600-\u06ff]/);
  });
});
