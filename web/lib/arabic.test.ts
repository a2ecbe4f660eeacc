import { describe, expect, it } from 'vitest';
import { isArabicLine, splitLines } from './arabic.js';

describe('isArabicLine', () => {
  it('is true for Arabic text', () => {
    expect(isArabicLine('نقترح نموذجًا جديدًا للتعلم المعزز.')).toBe(true);
  });

  it('is false for English text', () => {
    expect(isArabicLine('We propose a new model for reinforcement learning.')).toBe(false);
  });

  it('follows the majority of letters in mixed text', () => {
    expect(isArabicLine('نموذج GPT-4 يتفوق على النماذج السابقة')).toBe(true);
    expect(isArabicLine('The word نموذج means model in Arabic')).toBe(false);
  });

  it('ignores digits, punctuation and spaces', () => {
    expect(isArabicLine('  12.5%  (٣)  ')).toBe(false);
    expect(isArabicLine('٢٠٢٥ — بحث')).toBe(true);
  });

  it('is false for an empty line', () => {
    expect(isArabicLine('')).toBe(false);
  });
});

describe('splitLines', () => {
  it('splits on newlines, trims and drops blank lines', () => {
    expect(splitLines('First line.\r\n\n  Second line.  \n')).toEqual(['First line.', 'Second line.']);
  });
});
