import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, NoObjectGeneratedError, Output } from 'ai';
import { ZodError, type z } from 'zod';
import { cleanCategoryName, NULL_VALUE } from '../../../common/paper-rules.js';
import {
  type ArabicSummary,
  arabicSummarySchema,
  readerFieldsOf,
  type Summary,
  summarySchema,
} from '../../../common/papers.js';
import { ARABIC_LETTER, checkArabicSummary } from './arabic-summary.js';
import {
  ARABIC_SUMMARY_INSTRUCTIONS,
  arabicSummaryPrompt,
  QUESTION_TRANSLATION_INSTRUCTIONS,
  SUMMARY_INSTRUCTIONS,
  summaryPrompt,
  TRANSLATION_INSTRUCTIONS,
} from './prompts.js';

/**
 * The model cannot be reached or does not answer (connection refused, HTTP 5xx, 429, a refused key,
 * a timeout, an answer that is no chat completion). The paper is not at fault: its item stays
 * queued and the worker waits.
 */
export class LlmUnavailableError extends Error {}

/** The model answered, but not with something usable, even after retries: the item fails. */
export class LlmOutputError extends Error {}

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Longest wait for one answer. */
  timeoutMs: number;
  /** Further tries after an answer that does not match the schema. */
  invalidOutputRetries?: number;
}

export interface SummaryInput {
  title: string;
  abstract: string;
  pdfText: string | null;
  knownCategories: string[];
}

/** The summary as the model must give it: every field, and a one-line description that is not blank. */
const modelSummarySchema = summarySchema
  .omit({ generatedBy: true })
  .extend({ Paper_one_line: summarySchema.shape.Paper_one_line.trim().min(1) });
type ModelSummary = z.infer<typeof modelSummarySchema>;

const MAX_ISSUES_SHOWN = 5;
/** The longest English a question's translation is taken at: a question is at most 2,000 characters. */
const MAX_QUESTION_TRANSLATION = 2_000;
/** Characters of an answer that is no chat completion quoted in the item's reason. */
const MAX_ANSWER_SHOWN = 200;

/**
 * Blank text means "not applicable", which the digest spells 'Null'; empty list entries are dropped. A
 * category the model names is made fit to be a category name, or is 'Null' when it cannot be (a
 * paragraph in place of a name): the rest of the summary is still of use.
 */
function normalise(summary: ModelSummary): Summary {
  const text = (value: string) => value.trim() || NULL_VALUE;
  const entries = Object.entries(summary).map(([key, value]) => [key, typeof value === 'string' ? text(value) : value]);
  const fields = Object.fromEntries(entries) as ModelSummary;
  return {
    ...fields,
    paper_category1: cleanCategoryName(summary.paper_category1) ?? NULL_VALUE,
    paper_category2: cleanCategoryName(summary.paper_category2) ?? NULL_VALUE,
    Results: summary.Results.map((result) => result.trim()).filter(Boolean),
    ApplicationDomains: { items: summary.ApplicationDomains.items.map((item) => item.trim()).filter(Boolean) },
    terms: summary.terms
      .map((term) => ({ name: term.name.trim(), explanation: term.explanation.trim() }))
      .filter((term) => term.name && term.explanation),
    generatedBy: 'llm',
  };
}

/** The fields the model got wrong ("Problem: expected string"), or the first line of the error. */
function mismatchOf(error: NoObjectGeneratedError): string {
  const validation = error.cause instanceof Error ? error.cause : null;
  const issues = validation?.cause instanceof ZodError ? validation.cause.issues : [];
  if (issues.length === 0) return (validation ?? error).message.split('\n')[0] ?? '';
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const more = issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** The summary, its Arabic and the Arabic abstract from an OpenAI-compatible model, through the AI SDK. */
export function createLlmWriter(settings: LlmSettings) {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? undefined,
    supportsStructuredOutputs: true,
  });
  const model = provider(settings.model);
  const tries = 1 + (settings.invalidOutputRetries ?? 2);

  /** One call, with the model's failures to answer turned into LlmUnavailableError. */
  async function ask<T>(signal: AbortSignal, call: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    try {
      // Retries are the queue's: a model that is down is tried again when the worker resumes.
      return await call(AbortSignal.any([signal, timeout]));
    } catch (error) {
      if (signal.aborted) throw error;
      if (timeout.aborted) {
        throw new LlmUnavailableError(`The model did not answer within ${Math.round(settings.timeoutMs / 1000)} s`);
      }
      if (APICallError.isInstance(error)) {
        const status = error.statusCode;
        if (status === undefined) throw new LlmUnavailableError(`The model cannot be reached: ${error.message}`);
        if (status >= 500 || [401, 403, 404, 408, 429].includes(status)) {
          throw new LlmUnavailableError(`The model answered HTTP ${status}: ${error.message}`);
        }
        // Answered, but no chat completion (a proxy's error page, a URL that is not a model's):
        // no paper would fare better, so it counts as the model being down, not as the paper failing.
        if (status < 300) {
          const answered = (error.responseBody ?? '').slice(0, MAX_ANSWER_SHOWN);
          throw new LlmUnavailableError(`The model answered HTTP ${status} but no chat completion: ${answered}`);
        }
      }
      throw error;
    }
  }

  /** Asks again while the answer is unusable; after the last try, fails with the last reason. */
  async function withRetries<T>(attempt: () => Promise<{ usable: T } | { unusable: string }>): Promise<T> {
    let reason = '';
    for (let i = 0; i < tries; i++) {
      const answer = await attempt();
      if ('usable' in answer) return answer.usable;
      reason = answer.unusable;
    }
    throw new LlmOutputError(`${reason} (after ${tries} tries)`);
  }

  /** One structured answer: the object, or how it misses the schema. */
  async function askForObject<T>(
    signal: AbortSignal,
    request: { system: string; prompt: string; schema: z.ZodType<T> },
  ): Promise<{ object: T } | { mismatch: string }> {
    try {
      const { output } = await ask(signal, (abortSignal) =>
        generateText({
          model,
          system: request.system,
          prompt: request.prompt,
          output: Output.object({ schema: request.schema }),
          maxRetries: 0,
          abortSignal,
        }),
      );
      return { object: output };
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      return { mismatch: mismatchOf(error) };
    }
  }

  return {
    model: settings.model,

    summarise(input: SummaryInput, signal: AbortSignal): Promise<Summary> {
      const request = { system: SUMMARY_INSTRUCTIONS, prompt: summaryPrompt(input), schema: modelSummarySchema };
      return withRetries<Summary>(async () => {
        const answer = await askForObject(signal, request);
        if ('mismatch' in answer)
          return { unusable: `The model's summary does not match the schema: ${answer.mismatch}` };
        return { usable: normalise(answer.object) };
      });
    },

    /** The summary's reader-facing fields in Arabic, in one structured answer (see checkArabicSummary). */
    translateSummary(summary: Summary, signal: AbortSignal): Promise<ArabicSummary> {
      const english = readerFieldsOf(summary);
      const request = {
        system: ARABIC_SUMMARY_INSTRUCTIONS,
        prompt: arabicSummaryPrompt(english),
        schema: arabicSummarySchema,
      };
      return withRetries<ArabicSummary>(async () => {
        const answer = await askForObject(signal, request);
        if ('mismatch' in answer) {
          return { unusable: `The model's Arabic summary does not match the schema: ${answer.mismatch}` };
        }
        const checked = checkArabicSummary(english, answer.object);
        if ('unusable' in checked) return { unusable: `The model's Arabic summary is not whole: ${checked.unusable}` };
        return checked;
      });
    },

    /**
     * A reader's search question in English, asked once: a search does not wait for retries. An
     * answer without a Latin letter is no English.
     */
    async translateQuestion(question: string, signal: AbortSignal): Promise<string> {
      const { text } = await ask(signal, (abortSignal) =>
        generateText({
          model,
          system: QUESTION_TRANSLATION_INSTRUCTIONS,
          prompt: question,
          maxRetries: 0,
          abortSignal,
        }),
      );
      const english = text.trim().replace(/\s+/g, ' ').slice(0, MAX_QUESTION_TRANSLATION);
      if (!/[a-z]/i.test(english)) throw new LlmOutputError('The model did not answer an English question');
      return english;
    },

    translateAbstract(abstract: string, signal: AbortSignal): Promise<string> {
      return withRetries<string>(async () => {
        const { text } = await ask(signal, (abortSignal) =>
          generateText({ model, system: TRANSLATION_INSTRUCTIONS, prompt: abstract, maxRetries: 0, abortSignal }),
        );
        const translation = text.trim();
        return ARABIC_LETTER.test(translation)
          ? { usable: translation }
          : { unusable: 'The model did not answer an Arabic translation of the abstract' };
      });
    },
  };
}

export type LlmWriter = ReturnType<typeof createLlmWriter>;
