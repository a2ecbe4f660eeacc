import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';
import type { PaperText } from './text-index.js';
import { fitTopicsOffThread } from './topic-fit.js';
import { fitTopics } from './topic-vectors.js';
import { createWordPairIndex } from './word-pair-index.js';

/** Made-up words of two topics, more than the topics have dimensions: a paper draws its words from one of them only. */
const TOPIC_WORDS = {
  a: Array.from({ length: 300 }, (_, i) => `kal${i}n`),
  b: Array.from({ length: 300 }, (_, i) => `mor${i}s`),
};
const PAPERS_PER_TOPIC = 600;

function draw(words: readonly string[], count: number, random: () => number): string {
  return Array.from({ length: count }, () => words[Math.floor(random() * words.length)]).join(' ');
}

/** A paper of one topic; every paper also holds the word "bridge", so any question with it reaches all. */
function topicalPaper(topic: 'a' | 'b', random: () => number): PaperText {
  const words = TOPIC_WORDS[topic];
  return {
    title: draw(words, 3, random),
    abstract: `${draw(words, 12, random)} bridge`,
    authors: [],
    summary: '',
    arabic: '',
  };
}

/** 1,200 papers, ids 1-600 of topic a and 601-1200 of topic b. */
function topicalIndex() {
  const random = seededRandom(62);
  const index = createWordPairIndex();
  for (let id = 1; id <= 2 * PAPERS_PER_TOPIC; id++)
    index.put(id, topicalPaper(id <= PAPERS_PER_TOPIC ? 'a' : 'b', random));
  index.pack();
  return index;
}

describe("the corpus's topics", () => {
  const question = { title: 'kal0n kal1n', abstract: 'kal2n kal0n kal1n bridge' };
  /** Papers holding none of the question's words. */
  const sharingNoWord = (text: (id: number) => string) => (id: number) => !/\bkal[012]n\b/.test(text(id));

  it('rank first, of papers sharing only a common word with a paper, those of its topic, once they are fitted', async () => {
    const random = seededRandom(62);
    const texts = new Map<number, string>();
    const index = createWordPairIndex();
    for (let id = 1; id <= 2 * PAPERS_PER_TOPIC; id++) {
      const paper = topicalPaper(id <= PAPERS_PER_TOPIC ? 'a' : 'b', random);
      texts.set(id, `${paper.title} ${paper.abstract}`);
      index.put(id, paper);
    }
    index.pack();
    const accept = sharingNoWord((id) => texts.get(id) ?? '');
    const before = index.similar(question, 10, accept);
    expect(before.some((id) => id > PAPERS_PER_TOPIC)).toBe(true);
    expect(index.topicsDue()).toBe(true);

    const request = await index.topicRows();
    await index.takeTopics(request.features, fitTopics(request.rows, request.dims, request.seed));
    const found = index.similar(question, 10, accept);
    expect(found).toHaveLength(10);
    expect(found.every((id) => id <= PAPERS_PER_TOPIC)).toBe(true);
    expect(index.topicsDue()).toBe(false);
  });

  it('give a paper put after the fit its topic, and are due again once a quarter more papers are put', async () => {
    const index = topicalIndex();
    const request = await index.topicRows();
    await index.takeTopics(request.features, fitTopics(request.rows, request.dims, request.seed));
    const random = seededRandom(7);
    const [firstHalf, secondHalf] = [TOPIC_WORDS.b.slice(0, 150), TOPIC_WORDS.b.slice(150)];
    // Of topic b, sharing only "bridge" with the question, as the papers of topic a it is ranked among do.
    index.put(5000, {
      ...topicalPaper('b', random),
      title: draw(secondHalf, 3, random),
      abstract: `${draw(secondHalf, 12, random)} bridge`,
    });
    const others = (id: number) => id === 5000 || (id <= PAPERS_PER_TOPIC && id % 2 === 0);
    const question = { title: draw(firstHalf, 3, random), abstract: `${draw(firstHalf, 12, random)} bridge` };
    expect(index.similar(question, 3, others)[0]).toBe(5000);
    for (let id = 5001; id <= 5300; id++) index.put(id, topicalPaper('a', random));
    expect(index.topicsDue()).toBe(true);
  });

  it('are fitted alike on a thread of their own', async () => {
    const request = await topicalIndex().topicRows();
    const here = fitTopics(structuredClone(request.rows), request.dims, request.seed);
    expect(await fitTopicsOffThread(request)).toEqual(here);
  });
});
