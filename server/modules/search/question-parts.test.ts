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
});
