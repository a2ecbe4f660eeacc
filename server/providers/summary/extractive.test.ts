import { describe, expect, it } from 'vitest';
import { NULL_VALUE } from '../../../common/paper-rules.js';
import { summarySchema } from '../../../common/papers.js';
import { cleanAbstractText, splitSentences } from './abstract-text.js';
import { liftSentence, summariseExtractive } from './extractive.js';

/** arXiv 2510.22366 (CC0 metadata), as the archive serves it, LaTeX included. */
const WATERMARK_PAPER = {
  title: 'T2SMark: Balancing Robustness and Diversity in Noise-as-Watermark for Diffusion Models',
  abstract:
    'Diffusion models have advanced rapidly in recent years, producing high-fidelity images while raising concerns about intellectual property protection and the misuse of generative AI. ' +
    'Image watermarking for diffusion models, particularly Noise-as-Watermark (NaW) methods, encode watermark as specific standard Gaussian noise vector for image generation, embedding the infomation seamlessly while maintaining image quality. ' +
    'For detection, the generation process is inverted to recover the initial noise vector containing the watermark before extraction. ' +
    'However, existing NaW methods struggle to balance watermark robustness with generation diversity. ' +
    'Some methods achieve strong robustness by heavily constraining initial noise sampling, which degrades user experience, while others preserve diversity but prove too fragile for real-world deployment. ' +
    'To address this issue, we propose T2SMark, a two-stage watermarking scheme based on Tail-Truncated Sampling (TTS). ' +
    'Unlike prior methods that simply map bits to positive or negative values, TTS enhances robustness by embedding bits exclusively in the reliable tail regions while randomly sampling the central zone to preserve the latent distribution. ' +
    'Our two-stage framework then ensures sampling diversity by integrating a randomly generated session key into both encryption pipelines. ' +
    'We evaluate T2SMark on diffusion models with both U-Net and DiT backbones. ' +
    'Extensive experiments show that it achieves an optimal balance between robustness and diversity. ' +
    'Our code is available at \\href{https://github.com/0xD009/T2SMark}{https://github.com/0xD009/T2SMark}.',
  arxivCategories: ['cs.CV', 'cs.AI'],
};

const AGENT_PAPER = {
  title: 'ToolRAG: Retrieval-Augmented Tool Use for LLM Agents',
  abstract:
    'Large language models (LLMs) have achieved remarkable success on many tasks. ' +
    'However, LLM agents still struggle to choose among thousands of tools, and retrieval remains a bottleneck. ' +
    'In this paper, we introduce ToolRAG, a retrieval-augmented generation (RAG) framework that lets an agent retrieve tool documentation before acting. ' +
    'ToolRAG is trained with reinforcement learning on GPT-4o traces and distilled into Llama-3.1-8B. ' +
    'On ToolBench, ToolRAG improves the pass rate by 12.5\\% over the strongest baseline. ' +
    'It also reduces latency by 2.1$\\times$ and outperforms GPT-4o on 7 of 9 clinical and legal tool suites. ' +
    'A user study with 40 developers shows that answers are preferred 68\\% of the time. ' +
    'Ablations demonstrate that retrieval accounts for most of the gain. ' +
    'Our findings suggest that tool retrieval, not planning, limits current agents.',
  arxivCategories: ['cs.CL', 'cs.AI'],
};

function sentencesOf(abstract: string): string[] {
  return splitSentences(cleanAbstractText(abstract));
}

describe('liftSentence', () => {
  it.each([
    ['However, existing memory systems forget.', 'Existing memory systems forget.'],
    ['Moreover, the method is fast.', 'The method is fast.'],
    ['In addition, we release a benchmark.', 'We release a benchmark.'],
    ['On the other hand, recall drops.', 'Recall drops.'],
    ['As a result, accuracy improves by 3%.', 'Accuracy improves by 3%.'],
    ['To this end, we design Foo.', 'We design Foo.'],
    ['NOTABLY, it needs no labels.', 'It needs no labels.'],
    ['Thus, LLM agents plan better.', 'LLM agents plan better.'],
    // Only a connective followed by a comma is dropped: these words open the sentence's own clause.
    ['However large the model, it fails.', 'However large the model, it fails.'],
    ['Thus far no method scales.', 'Thus far no method scales.'],
    ['Indeed-like words, such as Indeedness, stay.', 'Indeed-like words, such as Indeedness, stay.'],
    ['Existing systems, however, forget.', 'Existing systems, however, forget.'],
  ])('%s is lifted as %s', (sentence, lifted) => {
    expect(liftSentence(sentence)).toBe(lifted);
  });

  it('starts a lifted problem, result or takeaway at its own subject, not mid-argument', () => {
    const summary = summariseExtractive({
      title: 'MemFoo: Long-Term Memory for Agents',
      abstract:
        'Agents need long-term memory. However, existing memory systems forget older facts. ' +
        'We propose MemFoo, a memory store for agents. ' +
        'Moreover, MemFoo improves recall by 12% on LongBench. ' +
        'Therefore, our findings suggest that memory should be structured.',
      arxivCategories: ['cs.CL'],
    });
    expect(summary.Problem).toBe('Existing memory systems forget older facts.');
    expect(summary.Results).toEqual(['MemFoo improves recall by 12% on LongBench.']);
    expect(summary.Takeaway).toBe('Our findings suggest that memory should be structured.');
  });
});

describe('summariseExtractive', () => {
  it('produces a summary the shared schema accepts, marked as extractive, with no critique', () => {
    const summary = summariseExtractive(WATERMARK_PAPER);
    expect(summarySchema.parse(summary)).toEqual(summary);
    expect(summary.generatedBy).toBe('extractive');
    expect(summary.Critique).toBe(NULL_VALUE);
  });

  it('states what the paper does without its opening clause', () => {
    expect(summariseExtractive(WATERMARK_PAPER).Paper_one_line).toBe(
      'We propose T2SMark, a two-stage watermarking scheme based on Tail-Truncated Sampling (TTS).',
    );
    expect(summariseExtractive(AGENT_PAPER).Paper_one_line).toMatch(/^We introduce ToolRAG, a retrieval-augmented/);
  });

  it('keeps a one-line sentence whole when it already starts with its subject', () => {
    const abstract = 'Models fail. We propose Foo, and we show that it works. It works.';
    expect(summariseExtractive({ title: 'Foo', abstract, arxivCategories: ['cs.CL'] }).Paper_one_line).toBe(
      'We propose Foo, and we show that it works.',
    );
  });

  it('takes the gap sentence as the problem and the concluding sentence as the takeaway', () => {
    const summary = summariseExtractive(AGENT_PAPER);
    expect(summary.Problem).toBe(
      'LLM agents still struggle to choose among thousands of tools, and retrieval remains a bottleneck.',
    );
    expect(summary.Takeaway).toBe('Our findings suggest that tool retrieval, not planning, limits current agents.');
  });

  it('never takes a code availability notice as the takeaway', () => {
    expect(summariseExtractive(WATERMARK_PAPER).Takeaway).toBe(
      'Extensive experiments show that it achieves an optimal balance between robustness and diversity.',
    );
  });

  it('lists at most four result sentences in abstract order, the strongest ones, with LaTeX cleaned', () => {
    expect(summariseExtractive(AGENT_PAPER).Results).toEqual([
      'On ToolBench, ToolRAG improves the pass rate by 12.5% over the strongest baseline.',
      'It also reduces latency by 2.1× and outperforms GPT-4o on 7 of 9 clinical and legal tool suites.',
      'A user study with 40 developers shows that answers are preferred 68% of the time.',
      'Ablations demonstrate that retrieval accounts for most of the gain.',
    ]);
  });

  it('does not count what earlier work achieved, before the contribution, as a result', () => {
    expect(summariseExtractive(AGENT_PAPER).Results).not.toContain(
      'Large language models (LLMs) have achieved remarkable success on many tasks.',
    );
  });

  it('quotes the abstract and invents nothing: every text field is one of its sentences or Null', () => {
    for (const paper of [WATERMARK_PAPER, AGENT_PAPER]) {
      const sentences = sentencesOf(paper.abstract).map(liftSentence);
      const summary = summariseExtractive(paper);
      const quoted = [
        summary.Problem,
        summary.Takeaway,
        ...summary.Results,
        summary.ExplainAI,
        summary.NewParadigm,
        summary.TrainingMethod,
        summary.InferenceMethod,
        summary.FineTuningMethod,
        summary.RAGMethod,
        summary.ReasoningMethod,
        summary.AgenticMethod,
        summary.SelfLearningMethod,
      ];
      for (const text of quoted) expect([...sentences, NULL_VALUE]).toContain(text);
    }
  });

  it('fills method fields by topic and leaves the others Null', () => {
    const summary = summariseExtractive(AGENT_PAPER);
    expect(summary.RAGMethod).toMatch(/^In this paper, we introduce ToolRAG/);
    expect(summary.TrainingMethod).toBe(
      'ToolRAG is trained with reinforcement learning on GPT-4o traces and distilled into Llama-3.1-8B.',
    );
    expect(summary.ExplainAI).toBe(NULL_VALUE);
    expect(summariseExtractive(WATERMARK_PAPER).RAGMethod).toBe(NULL_VALUE);
  });

  it('names models, model type, domains, categories, background and defined terms', () => {
    const summary = summariseExtractive(AGENT_PAPER);
    expect(summary.MainLLM).toBe('GPT-4o, Llama-3.1-8B');
    expect(summary.ModelType).toBe('Large language model');
    expect(summary.ApplicationDomains.items).toEqual([]);
    expect([summary.paper_category1, summary.paper_category2]).toEqual(['AI Agents', 'Natural Language Processing']);
    expect(summary.RequiredBackGround).toBe(
      'Natural Language Processing, Artificial Intelligence, AI Agents, Retrieval-Augmented Generation',
    );
    expect(summary.terms).toEqual([
      { name: 'LLM', explanation: 'Large language model' },
      { name: 'RAG', explanation: 'retrieval-augmented generation' },
    ]);
    expect(summariseExtractive(WATERMARK_PAPER).MainLLM).toBe(NULL_VALUE);
    expect(summariseExtractive(WATERMARK_PAPER).ModelType).toBe('Diffusion model');
  });

  it('gives the same summary for the same input', () => {
    expect(summariseExtractive(AGENT_PAPER)).toEqual(summariseExtractive({ ...AGENT_PAPER }));
  });

  it('falls back to the title and Null when the abstract is empty', () => {
    const summary = summariseExtractive({ title: 'A Title', abstract: '  ', arxivCategories: ['cs.LG'] });
    expect(summarySchema.parse(summary)).toEqual(summary);
    expect(summary.Paper_one_line).toBe('A Title');
    expect([summary.Problem, summary.Takeaway]).toEqual([NULL_VALUE, NULL_VALUE]);
    expect(summary.Results).toEqual([]);
    expect(summary.RequiredBackGround).toBe('Machine Learning');
  });

  it('shortens a very long contribution sentence at a clause boundary', () => {
    const clause = 'that handles long inputs, many languages and noisy labels while staying cheap to run';
    const abstract = `We propose Foo, a method ${clause}, ${clause}, ${clause}. It works.`;
    const oneLine = summariseExtractive({ title: 'Foo', abstract, arxivCategories: ['cs.CL'] }).Paper_one_line;
    expect(oneLine.length).toBeLessThanOrEqual(251);
    expect(oneLine).toMatch(/^We propose Foo, a method that handles long inputs[^,]*,.*…$/);
  });
});
