import type { ArxivPaper } from '../../providers/arxiv/types.js';
import { categoriesFromSummary } from '../../providers/summary/category-names.js';
import { summariseExtractive } from '../../providers/summary/extractive.js';
import type { NewPaperWithExtras } from '../papers/repo.js';

export type Summariser = typeof summariseExtractive;

/**
 * A paper stored as processed without the queue: the extractive summary (which says it is
 * extractive), the categories it names, no translation.
 */
export function toProcessedPaper(
  paper: ArxivPaper,
  { synthetic = false, summarise = summariseExtractive }: { synthetic?: boolean; summarise?: Summariser } = {},
): NewPaperWithExtras {
  const summary = summarise({
    title: paper.title,
    abstract: paper.abstract,
    arxivCategories: paper.categories,
  });
  const now = new Date().toISOString();
  return {
    paper: {
      arxiv_id: paper.arxivId,
      version: paper.version,
      title: paper.title,
      abstract: paper.abstract,
      abstract_translation: null,
      pdf_url: paper.pdfUrl,
      submitted_date: paper.published.slice(0, 10),
      authors: JSON.stringify(paper.authors.map((author) => author.name)),
      primary_category: paper.primaryCategory,
      comment: paper.comment,
      doi: paper.doi,
      journal_ref: paper.journalRef,
      synthetic: synthetic ? 1 : 0,
      created_at: now,
      updated_at: now,
    },
    summary: { data: JSON.stringify(summary), generated_by: 'extractive', model: null },
    categories: categoriesFromSummary(summary),
  };
}
