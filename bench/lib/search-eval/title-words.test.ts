import { describe, expect, it } from 'vitest';
import { contentWords, sharedTitleWords } from './title-words.js';

describe('title words in a paraphrase', () => {
  it('splits at anything but letters and digits, in lower case, without stop words or single characters', () => {
    expect([...contentWords('TS-P$^2$CL: Plug-and-Play for the Vision-Guided Time Series')]).toEqual([
      'ts',
      'cl',
      'plug',
      'play',
      'vision',
      'guided',
      'time',
      'serie',
    ]);
  });

  it('finds a title word in the question, plural or singular, whatever its case', () => {
    expect(sharedTitleWords('Evaluating LLM Controlled Robots', 'How well does a robot follow an llm?')).toEqual([
      'robot',
      'llm',
    ]);
    expect(sharedTitleWords('Checking extracted rules in Neural Networks', 'Can mined patterns be verified?')).toEqual(
      [],
    );
    expect(sharedTitleWords('Mixture of Experts', 'What is the process of a mixture?')).toEqual(['mixture']);
  });
});
