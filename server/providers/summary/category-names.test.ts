import { describe, expect, it } from 'vitest';
import { NULL_VALUE } from '../../../common/paper-rules.js';
import type { Summary } from '../../../common/papers.js';
import {
  arxivTermName,
  categoriesFromSummary,
  detectTopics,
  OTHER_CATEGORY,
  paperCategories,
} from './category-names.js';

describe('arxivTermName', () => {
  it('names the arXiv terms the digest sees most', () => {
    expect(arxivTermName('cs.CL')).toBe('Natural Language Processing');
    expect(arxivTermName('cs.CV')).toBe('Computer Vision');
    expect(arxivTermName('stat.ML')).toBe('Machine Learning');
    expect(arxivTermName('eess.AS')).toBe(arxivTermName('cs.SD'));
  });

  it('falls back to the archive name, then to Other', () => {
    expect(arxivTermName('physics.chem-ph')).toBe('Physics');
    expect(arxivTermName('cs.ZZ')).toBe(OTHER_CATEGORY);
    expect(arxivTermName('')).toBe(OTHER_CATEGORY);
  });
});

describe('detectTopics', () => {
  it('ranks topics by mentions, counting the title more', () => {
    const abstract = 'We build a system on retrieval-augmented generation (RAG) that feeds one agent.';
    expect(detectTopics('Agentic Question Answering', abstract)).toEqual([
      'AI Agents',
      'Retrieval-Augmented Generation',
    ]);
    expect(detectTopics('Question Answering', abstract)).toEqual(['Retrieval-Augmented Generation']);
  });

  it('ignores a topic mentioned once in passing', () => {
    expect(detectTopics('Counting objects in images', 'Unlike LLMs, our counter needs no text.')).toEqual([]);
  });
});

describe('paperCategories', () => {
  it('puts the best topic first and the primary arXiv term second', () => {
    expect(
      paperCategories({
        title: 'Reinforcement Learning for Reasoning',
        abstract: 'We train with reinforcement learning (RL) and GRPO to improve reasoning.',
        arxivCategories: ['cs.CL', 'cs.AI'],
      }),
    ).toEqual({ paper_category1: 'Reinforcement Learning', paper_category2: 'Natural Language Processing' });
  });

  it('uses the primary term first when no topic fits, then another term', () => {
    expect(
      paperCategories({ title: 'Counting sheep', abstract: 'We count sheep.', arxivCategories: ['cs.CV', 'cs.AI'] }),
    ).toEqual({ paper_category1: 'Computer Vision', paper_category2: 'Artificial Intelligence' });
  });

  it('says Other for the second category only when nothing else is known', () => {
    expect(
      paperCategories({ title: 'Counting sheep', abstract: 'We count sheep.', arxivCategories: ['cs.LG'] }),
    ).toEqual({
      paper_category1: 'Machine Learning',
      paper_category2: OTHER_CATEGORY,
    });
    expect(
      paperCategories({ title: 'Counting sheep', abstract: 'We count sheep with an LLM.', arxivCategories: ['cs.LG'] }),
    ).toEqual({ paper_category1: 'Machine Learning', paper_category2: 'Large Language Models' });
  });

  it('skips unknown terms rather than naming a paper Other', () => {
    expect(
      paperCategories({ title: 'Sheep', abstract: 'Sheep.', arxivCategories: ['xx.YY', 'cs.RO'] }).paper_category1,
    ).toBe('Robotics');
  });
});

describe('categoriesFromSummary', () => {
  const summary = (paper_category1: string, paper_category2: string) =>
    ({ paper_category1, paper_category2 }) as Summary;

  it('returns both names, trimmed', () => {
    expect(categoriesFromSummary(summary(' AI Agents ', 'Robotics'))).toEqual(['AI Agents', 'Robotics']);
  });

  it('drops Null, empty and repeated names', () => {
    expect(categoriesFromSummary(summary('Reasoning', NULL_VALUE))).toEqual(['Reasoning']);
    expect(categoriesFromSummary(summary('', ' '))).toEqual([]);
    expect(categoriesFromSummary(summary('Machine Learning', 'machine learning'))).toEqual(['Machine Learning']);
  });
});
