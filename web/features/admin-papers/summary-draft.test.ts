import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../common/papers.js';
import { emptyDraft, fromDraft, toDraft } from './summary-draft.js';

const summary: Summary = {
  Paper_one_line: 'Agents plan before they act.',
  Problem: 'Agents act without a plan.',
  Takeaway: 'Planning first helps.',
  Results: ['+12 points on WebArena'],
  paper_category1: 'AI Agents',
  paper_category2: 'Null',
  ExplainAI: 'Null',
  NewParadigm: 'Plan-then-act',
  TrainingMethod: 'Null',
  InferenceMethod: 'Beam search over plans',
  FineTuningMethod: 'Null',
  RAGMethod: 'Null',
  ReasoningMethod: 'Chain of thought',
  AgenticMethod: 'ReAct',
  SelfLearningMethod: 'Null',
  MainLLM: 'GPT-4',
  ModelType: 'Decoder-only',
  ApplicationDomains: { items: ['Web navigation'] },
  RequiredBackGround: 'Reinforcement learning',
  Critique: 'Null',
  terms: [{ name: 'ReAct', explanation: 'Reasoning and acting in turns.' }],
  generatedBy: 'llm',
};

describe('the summary as the Edit Paper form edits it', () => {
  it("shows a field that is 'Null' as an empty box, and saves the summary back unchanged", () => {
    const draft = toDraft(summary);
    expect(draft.ExplainAI).toBe('');
    expect(draft.Critique).toBe('');
    expect(draft.paper_category2).toBe('');
    expect(Object.values(draft).filter((value) => value === 'Null')).toEqual([]);
    expect(fromDraft(draft)).toEqual(summary);
  });

  it("saves an emptied field as 'Null' where the field's default is 'Null', and as empty elsewhere", () => {
    const draft = { ...toDraft(summary), AgenticMethod: '  ', MainLLM: '' };
    expect(fromDraft(draft)).toMatchObject({ AgenticMethod: 'Null', MainLLM: '' });
  });

  it("starts a new summary with empty boxes that save the defaults: 'Null' for the fields that often do not apply", () => {
    const draft = emptyDraft();
    expect(Object.values(draft).filter((value) => value === 'Null')).toEqual([]);
    expect(fromDraft(draft)).toMatchObject({
      ExplainAI: 'Null',
      InferenceMethod: 'Null',
      RAGMethod: 'Null',
      AgenticMethod: 'Null',
      SelfLearningMethod: 'Null',
      Critique: '',
      Problem: '',
    });
  });
});
