import type { Summary } from '../papers.js';

/**
 * A summary for tests: every field 'Null' (not applicable) or empty, as the extractive summariser
 * leaves what it cannot fill, with the fields a test cares about given.
 */
export function makeSummary(fields: Partial<Summary> = {}): Summary {
  return {
    Paper_one_line: 'Null',
    Problem: 'Null',
    Takeaway: 'Null',
    Results: [],
    paper_category1: 'Null',
    paper_category2: 'Null',
    ExplainAI: 'Null',
    NewParadigm: 'Null',
    TrainingMethod: 'Null',
    InferenceMethod: 'Null',
    FineTuningMethod: 'Null',
    RAGMethod: 'Null',
    ReasoningMethod: 'Null',
    AgenticMethod: 'Null',
    SelfLearningMethod: 'Null',
    MainLLM: 'Null',
    ModelType: 'Null',
    ApplicationDomains: { items: [] },
    RequiredBackGround: 'Null',
    Critique: 'Null',
    terms: [],
    generatedBy: 'extractive',
    ...fields,
  };
}
