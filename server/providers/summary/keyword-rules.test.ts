import { describe, expect, it } from 'vitest';
import { detectApplicationDomains, detectModelNames, detectModelType, METHOD_FIELD_PATTERNS } from './keyword-rules.js';

describe('detectModelNames', () => {
  it('finds model names with their version suffixes, first mention first, once each', () => {
    const text =
      'We compare GPT-4o, Llama-3.1-8B-Instruct, Qwen2.5-VL-7B, Claude 3.5 Sonnet and Gemini 2.5 Pro against BERT, then GPT-4o again.';
    expect(detectModelNames(text)).toEqual([
      'GPT-4o',
      'Llama-3.1-8B-Instruct',
      'Qwen2.5-VL-7B',
      'Claude 3.5 Sonnet',
      'Gemini 2.5 Pro',
      'BERT',
    ]);
  });

  it('leaves out a family name when a more specific version of it is named', () => {
    expect(detectModelNames('Qwen models, in particular Qwen3-8B, and DeepSeek-R1 with Mistral')).toEqual([
      'Qwen3-8B',
      'DeepSeek-R1',
      'Mistral',
    ]);
  });

  it('does not take a trailing separator or ordinary words for a model', () => {
    expect(detectModelNames('Gemma models and LLaMA models beat a gemstone and a robertas')).toEqual([
      'Gemma',
      'LLaMA',
    ]);
    expect(detectModelNames('No model is named in this sentence.')).toEqual([]);
  });
});

describe('detectModelType', () => {
  it('prefers the more specific type when an abstract names several', () => {
    expect(detectModelType('vision-language models (VLMs) built on large language models')).toBe(
      'Vision-language model',
    );
    expect(detectModelType('a diffusion transformer for image synthesis')).toBe('Diffusion model');
    expect(detectModelType('We fine-tune LLMs.')).toBe('Large language model');
    expect(detectModelType('A study of voting rules.')).toBeNull();
  });
});

describe('detectApplicationDomains', () => {
  it('needs the title or two mentions, and ranks by mentions', () => {
    const abstract = 'Clinical notes from patients, legal contracts and one mention of finance, and court rulings.';
    expect(detectApplicationDomains('A study', abstract)).toEqual(['Healthcare', 'Law']);
    expect(detectApplicationDomains('Agents for Finance', 'We trade.')).toEqual(['Finance']);
    expect(detectApplicationDomains('Scaling laws', 'A curriculum with a teacher model.')).toEqual([]);
  });
});

describe('METHOD_FIELD_PATTERNS', () => {
  it('recognises each method topic by its usual wording', () => {
    const examples: [keyof typeof METHOD_FIELD_PATTERNS, string][] = [
      ['RAGMethod', 'a retrieval-augmented pipeline'],
      ['ReasoningMethod', 'chain-of-thought prompting'],
      ['AgenticMethod', 'a multi-agent system with tool use'],
      ['FineTuningMethod', 'LoRA adapters'],
      ['SelfLearningMethod', 'the model self-improves over rounds'],
      ['ExplainAI', 'interpretability of features'],
    ];
    for (const [field, text] of examples) expect(text.match(METHOD_FIELD_PATTERNS[field])).not.toBeNull();
    expect('We train a classifier on images.'.match(METHOD_FIELD_PATTERNS.RAGMethod)).toBeNull();
  });
});
