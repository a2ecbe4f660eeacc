import { describe, expect, it } from 'vitest';
import { questionParts } from './question-parts.js';

describe('the parts of a question', () => {
  it('asks a plain question whole', () => {
    expect(questionParts('speculative decoding: a survey')).toEqual([
      { text: 'speculative decoding: a survey', weight: 1 },
    ]);
  });

  it("counts a pasted heading's list subject above the heading, and its sections below", () => {
    const parts = questionParts('long context modeling: KV-Cache Optimization > Eviction / Selection');
    expect(parts).toEqual([
      { text: ' Eviction / Selection', weight: 1 },
      { text: 'long context modeling', weight: expect.any(Number) },
      { text: ' KV-Cache Optimization ', weight: expect.any(Number) },
    ]);
    const [heading, subject, sections] = parts.map((part) => part.weight) as [number, number, number];
    expect(subject).toBeGreaterThan(heading);
    expect(sections).toBeLessThan(heading);
  });

  it('counts the sections of a breadcrumb without a subject below its last part', () => {
    const [last, sections] = questionParts('Agents > Memory');
    expect(last?.text).toBe(' Memory');
    expect(sections?.weight).toBeLessThan(1);
  });

  it('reads the breadcrumb marks an Arabic writer types, as it reads ">"', () => {
    const expected = [
      { text: ' الذاكرة', weight: 1 },
      { text: 'الوكلاء', weight: expect.any(Number) },
      { text: ' الأنظمة ', weight: expect.any(Number) },
    ];
    for (const mark of ['>', '<', '›', '‹'])
      expect(questionParts(`الوكلاء: الأنظمة ${mark} الذاكرة`), mark).toEqual(expected);
  });

  it('reads "<" in an English question as a word of it, not a breadcrumb mark', () => {
    expect(questionParts('models with < 1B parameters')).toHaveLength(1);
    expect(questionParts('Agents › Memory')).toHaveLength(2);
  });
});
