import { z } from 'zod';
import { categoryCreateBodySchema } from '../../../common/admin-papers.js';
import { type ParsedArxivId, parseArxivId, parseArxivInput } from '../../../common/arxiv-id.js';
import { arabicSummarySchema, paperCardSchema, summarySchema } from '../../../common/papers.js';
import { paperSortSchema, weekActivitySchema } from '../../../common/popularity.js';
import { semanticSearchBodySchema } from '../../../common/search.js';
import { RELATED_PAPERS_LIMIT, SEARCH_TOP_K_MAX } from '../../../common/search-rules.js';

/** Most papers one listing tool answers: as many as one search may. */
export const MCP_LIST_MAX = SEARCH_TOP_K_MAX;
/** Papers recent_papers answers when the agent names no limit: the API's default page. */
export const RECENT_PAPERS_DEFAULT = 10;

/** A paper page of this site (`https://site/ai-digest/2401.12345`), whatever host it was reached by. */
const SITE_PAGE_URL = /^https?:\/\/[^/]+\/ai-digest\/(.+?)\/?(?:[?#].*)?$/i;

/**
 * What an agent names a paper by: an arXiv id (new or old style, with or without a version), an
 * arxiv.org abs, pdf or html link, or the paper's page URL on this site, which every result carries.
 */
function parsePaperInput(input: string): ParsedArxivId | string {
  const fromPage = SITE_PAGE_URL.exec(input.trim())?.[1];
  const parsed = fromPage ? parseArxivId(decodeURIComponent(fromPage)) : null;
  if (parsed) return parsed;
  const fromArxiv = parseArxivInput(input);
  return fromArxiv.ok ? { arxivId: fromArxiv.arxivId, version: fromArxiv.version } : fromArxiv.message;
}

const paperInput = z
  .string()
  .max(300)
  .transform((input, context) => {
    const parsed = parsePaperInput(input);
    if (typeof parsed !== 'string') return parsed;
    context.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  })
  .describe(
    'The paper: an arXiv id (2401.12345, 2401.12345v2, hep-th/9901001), an arxiv.org abs/pdf link, or the pageUrl of a result of these tools.',
  );

const limit = (fallback: number) =>
  z.number().int().min(1).max(MCP_LIST_MAX).default(fallback).describe(`How many papers, 1 to ${MCP_LIST_MAX}.`);

const categoryInput = categoryCreateBodySchema.shape.name
  .optional()
  .describe('Only papers of this category, its name exactly as the site lists it. Omit for every category.');

export const searchPapersInput = z.object({
  query: semanticSearchBodySchema.shape.query.describe(
    'What to look for, in plain words: a topic, a method, a question. Matched by meaning and by keywords.',
  ),
  top_k: semanticSearchBodySchema.shape.top_k.describe(
    `How many papers, 1 to ${SEARCH_TOP_K_MAX}; most relevant first.`,
  ),
  category: categoryInput,
});

export const getPaperInput = z.object({ arxiv_id_or_url: paperInput });

export const recentPapersInput = z.object({
  category: categoryInput,
  limit: limit(RECENT_PAPERS_DEFAULT),
  sort: paperSortSchema
    .default('newest')
    .describe(
      'newest (default): most recently submitted first. popular: most saved and commented in the last 7 days first (each save or comment counting half as much every 3 days), then the rest newest first.',
    ),
});

export const relatedPapersInput = z.object({ arxiv_id_or_url: paperInput, limit: limit(RELATED_PAPERS_LIMIT) });

/** A paper in a tool's answer: the API's card, with category names and the links an agent follows. */
export const paperResultSchema = paperCardSchema.omit({ id: true, categories: true }).extend({
  categories: z.array(z.string()),
  submittedDate: z.string().describe('The day it was submitted to arXiv (YYYY-MM-DD).'),
  translated: z.boolean().describe('Whether the site has the abstract in Arabic (get_paper answers it).'),
  pageUrl: z.string().describe('The paper on this site: its summary, the Arabic abstract, readers’ comments.'),
  absUrl: z.string().describe('The paper on arXiv.'),
  pdfUrl: z.string().describe('The PDF on arXiv, of the version the site holds.'),
});
export type PaperResult = z.infer<typeof paperResultSchema>;

export const paperListOutput = z.object({ papers: z.array(paperResultSchema) });

export const recentPapersOutput = paperListOutput.extend({
  papers: z.array(
    paperResultSchema.extend({
      thisWeek: weekActivitySchema
        .optional()
        .describe('With sort popular: the saves and comments of the last 7 days that earned the place.'),
    }),
  ),
  category: z.string().nullable(),
  sort: paperSortSchema,
  totalCount: z.number().int().describe('How many papers the site holds (of the category, when one is named).'),
});

export const paperDetailOutput = paperResultSchema.extend({
  abstractArabic: z.string().nullable().describe('The Arabic translation of the abstract, when there is one.'),
  summary: summarySchema.nullable().describe('The structured summary; fields that do not apply read "Null".'),
  summaryModel: z
    .string()
    .nullable()
    .describe('The model that wrote the summary; null for an extractive summary (sentences of the abstract).'),
  summaryArabic: arabicSummarySchema
    .nullable()
    .describe(
      'The summary’s one line, problem, results, takeaway, critique and terms in Arabic, when the model wrote them.',
    ),
});
export type PaperDetailResult = z.infer<typeof paperDetailOutput>;
