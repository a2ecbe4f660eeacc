import type { Summary } from '../../common/papers.js';
import type { CategoriesRepo } from '../modules/categories/repo.js';
import type { Completion, ProcessedPaper, ProcessedRepo } from '../modules/queue/processed-repo.js';
import type { ClaimedItem } from '../modules/queue/repo.js';
import type { ArxivPaper } from '../providers/arxiv/types.js';
import type { LlmWriter } from '../providers/llm/llm-writer.js';
import type { PdfText } from '../providers/pdf/pdf-text.js';
import { categoriesFromSummary } from '../providers/summary/category-names.js';
import { summariseExtractive } from '../providers/summary/extractive.js';

export interface PaperProcessorDeps {
  /** Without a model, the extractive summariser writes the summary and nothing is translated. */
  llm: Pick<LlmWriter, 'model' | 'summarise' | 'translateSummary' | 'translateAbstract'> | null;
  pdfText: Pick<PdfText, 'firstPages'>;
  categories: Pick<CategoriesRepo, 'listNames'>;
  store: Pick<ProcessedRepo, 'complete'>;
}

/** Category names offered to the model, so it reuses them rather than inventing near-duplicates. */
const MAX_KNOWN_CATEGORIES = 100;

type Written = Pick<ProcessedPaper, 'summary' | 'summaryAr' | 'model' | 'abstractTranslation'>;

/**
 * Processes one claimed item: the summary (from the model, with the text of the PDF's first pages
 * when it can be had, or extractive), its Arabic and the Arabic abstract (model only; a paper is
 * stored with both or not yet, so Arabic readers never get half of it) and the categories named by
 * the summary; then stores it all and removes the item in one transaction. The cover is drawn from
 * the stored paper on request, and the background embedder makes its vector once it is stored.
 */
export function createPaperProcessor(deps: PaperProcessorDeps) {
  async function writeWithModel(llm: NonNullable<PaperProcessorDeps['llm']>, paper: ArxivPaper, signal: AbortSignal) {
    const [pdfText, knownCategories] = await Promise.all([
      deps.pdfText.firstPages(paper, signal),
      deps.categories.listNames(),
    ]);
    const summary = await llm.summarise(
      {
        title: paper.title,
        abstract: paper.abstract,
        pdfText,
        knownCategories: knownCategories.slice(0, MAX_KNOWN_CATEGORIES),
      },
      signal,
    );
    // Both translations at once; when one fails the other is called off, its answer being of no use.
    const sibling = new AbortController();
    const either = AbortSignal.any([signal, sibling.signal]);
    const [summaryAr, abstractTranslation] = await Promise.all([
      llm.translateSummary(summary, either),
      llm.translateAbstract(paper.abstract, either),
    ]).catch((error: unknown) => {
      sibling.abort();
      throw error;
    });
    return { summary, summaryAr, model: llm.model, abstractTranslation } satisfies Written;
  }

  function writeExtractive(paper: ArxivPaper): Written {
    const summary: Summary = summariseExtractive({
      title: paper.title,
      abstract: paper.abstract,
      arxivCategories: paper.categories,
    });
    return { summary, summaryAr: null, model: null, abstractTranslation: null };
  }

  return async function processPaper(item: ClaimedItem, signal: AbortSignal): Promise<Completion> {
    const { paper } = item;
    const written = deps.llm ? await writeWithModel(deps.llm, paper, signal) : writeExtractive(paper);
    return deps.store.complete(item, { paper, ...written, categories: categoriesFromSummary(written.summary) });
  };
}

export type ProcessPaper = ReturnType<typeof createPaperProcessor>;
