import { NULL_VALUE } from '../../../common/paper-rules.js';
import type { ArabicSummary } from '../../../common/papers.js';

/** What the model is told about each field of the summary; the schema holds the shape. */
export const SUMMARY_INSTRUCTIONS = `You write the summary of an AI research paper for a research digest.
Answer in English, with a JSON object of exactly the fields below. Say only what the paper supports.
Where a field does not apply to this paper, its value is the string "${NULL_VALUE}".

- Paper_one_line: what the paper does, in one sentence.
- Problem: the problem or gap the paper addresses.
- Takeaway: the main lesson for a practitioner.
- Results: the main results, one short sentence each, with numbers where the paper gives them.
- paper_category1, paper_category2: the paper's two main topics, as short Title Case names; use one of the known categories when it fits, else a new name of the same kind.
- ExplainAI: how the paper explains or interprets model behaviour.
- NewParadigm: a new way of working the paper introduces.
- TrainingMethod, InferenceMethod, FineTuningMethod, RAGMethod, ReasoningMethod, AgenticMethod, SelfLearningMethod: the paper's method of each kind (retrieval-augmented generation for RAGMethod; agents acting with tools or other agents for AgenticMethod).
- MainLLM: the language models the paper builds on or evaluates, comma-separated.
- ModelType: the kind of model (for example "Transformer", "Diffusion model").
- ApplicationDomains.items: the domains the work applies to.
- RequiredBackGround: what a reader needs to know first, comma-separated.
- Critique: the paper's weaknesses or open questions.
- terms: technical terms the paper defines or relies on, each with a one-sentence explanation.`;

/** How much of the PDF's text the prompt carries: the first pages hold the introduction and method. */
const MAX_PDF_CHARS = 12_000;

export function summaryPrompt(input: {
  title: string;
  abstract: string;
  pdfText: string | null;
  knownCategories: string[];
}): string {
  const parts = [
    `Known categories: ${input.knownCategories.join(', ') || '(none yet)'}`,
    `Title: ${input.title}`,
    `Abstract: ${input.abstract}`,
  ];
  if (input.pdfText) parts.push(`First pages of the paper:\n${input.pdfText.slice(0, MAX_PDF_CHARS)}`);
  return parts.join('\n\n');
}

export const TRANSLATION_INSTRUCTIONS = `Translate the abstract of a research paper from English into Modern Standard Arabic.
Keep model names, dataset names, numbers, formulas and LaTeX as they are.
Answer with the translation only, without a title, notes or quotation marks.`;

export const QUESTION_TRANSLATION_INSTRUCTIONS = `You translate a reader's question to a search engine of AI research papers from Arabic into English.
Use the technical terms English papers use (for example "reinforcement learning", "large language models", "retrieval-augmented generation").
Keep English words, names, acronyms and numbers as they are, and keep any ">" where it stands.
Answer with the English question only, on one line, without notes or quotation marks.`;

export const ARABIC_SUMMARY_INSTRUCTIONS = `You translate the summary of an AI research paper from English into Modern Standard Arabic for Arabic readers of a research digest.
Answer with a JSON object of exactly the fields you are given, each translated: Paper_one_line, Problem, Takeaway, Critique, every entry of Results (as many entries, in the same order), and the explanation of every term.
A field whose value is "${NULL_VALUE}" stays "${NULL_VALUE}".
Keep each term's name exactly as given, in English; translate only its explanation.
Keep model names, dataset names, numbers, formulas and LaTeX as they are.`;

/** The English fields to translate, as the JSON the answer mirrors. */
export function arabicSummaryPrompt(english: ArabicSummary): string {
  return JSON.stringify(english, null, 2);
}
