import { NULL_VALUE } from '../../../common/paper-rules.js';
import type { Summary } from '../../../common/papers.js';

/** The summary's text fields, in the order the form shows them. */
export const SUMMARY_TEXT_FIELDS = [
  'Paper_one_line',
  'Problem',
  'Takeaway',
  'paper_category1',
  'paper_category2',
  'ExplainAI',
  'NewParadigm',
  'TrainingMethod',
  'InferenceMethod',
  'FineTuningMethod',
  'RAGMethod',
  'ReasoningMethod',
  'AgenticMethod',
  'SelfLearningMethod',
  'MainLLM',
  'ModelType',
  'RequiredBackGround',
  'Critique',
] as const satisfies readonly (keyof Summary)[];

export type SummaryTextField = (typeof SUMMARY_TEXT_FIELDS)[number];

/** Fields the form shows as one line; the others are text areas. */
export const SHORT_FIELDS: ReadonlySet<SummaryTextField> = new Set([
  'paper_category1',
  'paper_category2',
  'MainLLM',
  'ModelType',
]);

/**
 * The summary as the form view edits it: lists as text (results one per line, application domains
 * comma-separated, terms one per line as `name: explanation`), turned back into lists on leaving it.
 */
export type SummaryDraft = Record<SummaryTextField, string> & {
  Results: string;
  ApplicationDomains: string;
  terms: string;
  generatedBy: Summary['generatedBy'];
  /**
   * The fields whose box, left empty, saves 'Null' (not applicable): those whose default is 'Null',
   * and those that held 'Null' when loaded, so that saving an untouched summary changes nothing.
   */
  nullWhenEmpty: readonly SummaryTextField[];
};

/** The fields that are 'Null' (not applicable) unless a summary says otherwise. */
const NULL_BY_DEFAULT = [
  'ExplainAI',
  'InferenceMethod',
  'RAGMethod',
  'AgenticMethod',
  'SelfLearningMethod',
] as const satisfies readonly SummaryTextField[];

/** A new summary: every box empty; those that default to 'Null' save it while left empty. */
export function emptyDraft(): SummaryDraft {
  const text = Object.fromEntries(SUMMARY_TEXT_FIELDS.map((field) => [field, ''])) as Record<SummaryTextField, string>;
  return {
    ...text,
    Results: '',
    ApplicationDomains: '',
    terms: '',
    generatedBy: 'extractive',
    nullWhenEmpty: NULL_BY_DEFAULT,
  };
}

/** A summary as the form edits it: a field that is 'Null' (not applicable) shows as an empty box. */
export function toDraft(summary: Summary): SummaryDraft {
  const text = Object.fromEntries(
    SUMMARY_TEXT_FIELDS.map((field) => [field, summary[field] === NULL_VALUE ? '' : summary[field]]),
  ) as Record<SummaryTextField, string>;
  const loadedNull = SUMMARY_TEXT_FIELDS.filter((field) => summary[field] === NULL_VALUE);
  return {
    ...text,
    nullWhenEmpty: [...new Set([...NULL_BY_DEFAULT, ...loadedNull])],
    Results: summary.Results.join('\n'),
    ApplicationDomains: summary.ApplicationDomains.items.join(', '),
    terms: summary.terms.map(({ name, explanation }) => `${name}: ${explanation}`).join('\n'),
    generatedBy: summary.generatedBy,
  };
}

const entries = (text: string, separator: string | RegExp) =>
  text
    .split(separator)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** The summary a draft stands for; empty entries of the lists are dropped. */
export function fromDraft(draft: SummaryDraft): Summary {
  const text = Object.fromEntries(
    SUMMARY_TEXT_FIELDS.map((field) => {
      const value = draft[field].trim();
      return [field, value === '' && draft.nullWhenEmpty.includes(field) ? NULL_VALUE : value];
    }),
  ) as Record<SummaryTextField, string>;
  return {
    ...text,
    Results: entries(draft.Results, /\r?\n/),
    ApplicationDomains: { items: entries(draft.ApplicationDomains, ',') },
    terms: entries(draft.terms, /\r?\n/).map((line) => {
      const colon = line.indexOf(':');
      return colon < 0
        ? { name: line, explanation: '' }
        : { name: line.slice(0, colon).trim(), explanation: line.slice(colon + 1).trim() };
    }),
    generatedBy: draft.generatedBy,
  };
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/**
 * The summary the JSON view's text holds, or null when it does not parse or is not a summary: the
 * checks of the server's schema, without shipping a schema library to the browser.
 */
export function readSummaryJson(text: string): Summary | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const summary = value as Record<string, unknown>;
  const domains = summary.ApplicationDomains as { items?: unknown } | null | undefined;
  const valid =
    SUMMARY_TEXT_FIELDS.every((field) => typeof summary[field] === 'string') &&
    isStringList(summary.Results) &&
    typeof domains === 'object' &&
    domains !== null &&
    isStringList(domains.items) &&
    Array.isArray(summary.terms) &&
    summary.terms.every(
      (term: unknown) =>
        typeof term === 'object' &&
        term !== null &&
        typeof (term as Record<string, unknown>).name === 'string' &&
        typeof (term as Record<string, unknown>).explanation === 'string',
    ) &&
    (summary.generatedBy === 'extractive' || summary.generatedBy === 'llm');
  return valid ? (summary as unknown as Summary) : null;
}
