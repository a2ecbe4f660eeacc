import { describe, expect, it } from 'vitest';
import { fts5Query, queryTerms } from './query-terms.js';

describe('queryTerms', () => {
  it('keeps the pieces a person typed, without stop words or repeats', () => {
    expect(queryTerms('How do the agents plan with GPT-4 and gpt-4?')).toEqual(['agents', 'plan', 'GPT-4']);
  });

  it('keeps stop words when a query has nothing else', () => {
    expect(queryTerms('AND OR')).toEqual(['AND', 'OR']);
  });

  it('drops pieces without a letter or a digit, and control characters', () => {
    expect(queryTerms('" * - : NEAR( \u0000 \ud800 ^')).toEqual(['NEAR(']);
    expect(queryTerms('x\u0000y')).toEqual(['x', 'y']);
  });

  it('keeps Arabic words', () => {
    expect(queryTerms('نموذج لغوي كبير')).toEqual(['نموذج', 'لغوي', 'كبير']);
  });

  it('keeps at most 24 terms', () => {
    const many = Array.from({ length: 40 }, (_, i) => `term${i}`).join(' ');
    expect(queryTerms(many)).toHaveLength(24);
  });
});

describe('fts5Query', () => {
  it('quotes every term, doubling its quotes, so no operator or column filter is read', () => {
    expect(fts5Query(['title:x', 'NEAR(', 'say"hi"', 'AND'])).toBe('"title:x" OR "NEAR(" OR "say""hi""" OR "AND"');
  });
});
