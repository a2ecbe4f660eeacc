import { describe, expect, it } from 'vitest';
import { extractDefinedTerms } from './defined-terms.js';

describe('extractDefinedTerms', () => {
  it('finds the long form written before the acronym, and only as many words as it needs', () => {
    expect(
      extractDefinedTerms('We improve retrieval-augmented generation in Retrieval-Augmented Generation (RAG) systems.'),
    ).toEqual([{ name: 'RAG', explanation: 'Retrieval-Augmented Generation' }]);
    expect(extractDefinedTerms('Recent work on the reasoning of Large Language Models (LLMs) is growing.')).toEqual([
      { name: 'LLM', explanation: 'Large Language Model' },
    ]);
  });

  it('finds the long form written after a name, as in "FADE (Fast Adapter for Data Erasure)"', () => {
    expect(extractDefinedTerms('We introduce FADE (Fast Adapter for Data Erasure), a two-stage method.')).toEqual([
      { name: 'FADE', explanation: 'Fast Adapter for Data Erasure' },
    ]);
  });

  it('matches letters inside words, as for "chain-of-thought (CoT)"', () => {
    expect(extractDefinedTerms('Models trained with chain-of-thought (CoT) prompting.')).toEqual([
      { name: 'CoT', explanation: 'chain-of-thought' },
    ]);
  });

  it('ignores parentheses that are not definitions', () => {
    const text =
      'As shown by GPT-4 (OpenAI, 2023) and in tables (see Appendix), results hold (III) and the MEC problem (MEC-B) too; we used 3 runs (ABC).';
    expect(extractDefinedTerms(text)).toEqual([]);
  });

  it('keeps the first definition of a name, in order of appearance, at most the limit', () => {
    const text =
      'Reinforcement Learning (RL) and Graph Neural Networks (GNNs) meet reinforcement learning (RL), ' +
      'Direct Preference Optimization (DPO), Key Value (KV) caches and Mixture of Experts (MoE).';
    expect(extractDefinedTerms(text, 3)).toEqual([
      { name: 'RL', explanation: 'Reinforcement Learning' },
      { name: 'GNN', explanation: 'Graph Neural Network' },
      { name: 'DPO', explanation: 'Direct Preference Optimization' },
    ]);
    expect(extractDefinedTerms(text).map((term) => term.name)).toEqual(['RL', 'GNN', 'DPO', 'KV', 'MoE']);
  });
});
