import { z } from 'zod';
import { paperPaginationSchema } from './pagination.js';
import { weekActivitySchema } from './popularity.js';

export const summarySchema = z.object({
  Paper_one_line: z.string(),
  Problem: z.string(),
  Takeaway: z.string(),
  Results: z.array(z.string()),
  paper_category1: z.string(),
  paper_category2: z.string(),
  ExplainAI: z.string(),
  NewParadigm: z.string(),
  TrainingMethod: z.string(),
  InferenceMethod: z.string(),
  FineTuningMethod: z.string(),
  RAGMethod: z.string(),
  ReasoningMethod: z.string(),
  AgenticMethod: z.string(),
  SelfLearningMethod: z.string(),
  MainLLM: z.string(),
  ModelType: z.string(),
  ApplicationDomains: z.object({ items: z.array(z.string()) }),
  RequiredBackGround: z.string(),
  Critique: z.string(),
  terms: z.array(z.object({ name: z.string(), explanation: z.string() })),
  /** How the summary was made: 'extractive' sentences picked from the abstract, or by an 'llm'. */
  generatedBy: z.enum(['extractive', 'llm']),
});
export type Summary = z.infer<typeof summarySchema>;

/**
 * The fields of a summary a reader sees, in Arabic: written by the model beside the English summary.
 * A field that is 'Null' in English is 'Null' here too; term names stay as in English (technical names
 * are cited as they are), their explanations are in Arabic.
 */
export const arabicSummarySchema = summarySchema.pick({
  Paper_one_line: true,
  Problem: true,
  Takeaway: true,
  Results: true,
  Critique: true,
  terms: true,
});
export type ArabicSummary = z.infer<typeof arabicSummarySchema>;

/** The English of the fields the Arabic summary translates. */
export function readerFieldsOf(summary: Summary): ArabicSummary {
  const { Paper_one_line, Problem, Takeaway, Results, Critique, terms } = summary;
  return { Paper_one_line, Problem, Takeaway, Results, Critique, terms };
}

/** A category as papers refer to it: its name (the key to filter by) and its Arabic name, when it has one. */
export const categoryRefSchema = z.object({
  name: z.string(),
  nameAr: z.string().nullable(),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;
/** A paper's categories, sorted by name. */
export const paperCategoriesSchema = z.array(categoryRefSchema);

/** A link the site puts in an href: http or https only, so no `javascript:` or `data:` link is ever stored. */
export const httpLinkSchema = z
  .string()
  .trim()
  .url({ protocol: /^https?$/, error: 'must be an http or https link' })
  .max(2000);

export const paperCardSchema = z.object({
  id: z.number().int(),
  arxivId: z.string(),
  version: z.number().int().min(1),
  title: z.string(),
  pdfUrl: z.string(),
  abstract: z.string(),
  /** ISO date (YYYY-MM-DD) the paper was submitted to arXiv. */
  submittedDate: z.string(),
  authors: z.array(z.string()),
  translated: z.boolean(),
  categories: z.array(categoryRefSchema),
});
export type PaperCard = z.infer<typeof paperCardSchema>;

export const paperDetailSchema = paperCardSchema.extend({
  /** Arabic translation of the abstract, present when `translated` is true. */
  abstractTranslation: z.string().nullable(),
  summary: summarySchema.nullable(),
  /** The model that wrote the summary; null for an extractive summary, or without a summary. */
  summaryModel: z.string().nullable(),
  /**
   * The summary's reader-facing fields in Arabic; null when no model wrote them (extractive summaries)
   * or after an administrator changed those fields of the English summary.
   */
  summaryAr: arabicSummarySchema.nullable(),
});
export type PaperDetail = z.infer<typeof paperDetailSchema>;

/** A card of the list; in the Popular order with the saves and comments of the last 7 days. */
export const paperListItemSchema = paperCardSchema.extend({ thisWeek: weekActivitySchema.optional() });
export type PaperListItem = z.infer<typeof paperListItemSchema>;

export const paperListSchema = z.object({
  papers: z.array(paperListItemSchema),
  pagination: paperPaginationSchema,
});
export type PaperList = z.infer<typeof paperListSchema>;

export const categoryNamesSchema = z.array(z.string());
/** Every category with its Arabic name, sorted by name. */
export const categoryListSchema = z.array(categoryRefSchema);
