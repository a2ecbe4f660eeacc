import { arxivPdfUrl } from '../../../common/arxiv-id.js';
import { createPapersRepo, type NewPaperWithExtras } from '../../modules/papers/repo.js';
import { categoriesFromSummary } from '../../providers/summary/category-names.js';
import { summariseExtractive } from '../../providers/summary/extractive.js';
import type { DbHandle } from '../connect.js';
import { readSeedPapers, type SeedPaper } from './read-seed.js';

export const DEMO_PAPER_COUNT = 600;
const BATCH_SIZE = 500;

/**
 * Synthetic ids live in the 99MM.NNNNN range (the year 2099), which no real arXiv paper has, so a
 * synthetic variant can never collide with a real paper scraped later.
 */
function syntheticArxivId(index: number): string {
  const month = String((Math.floor(index / 99_999) % 12) + 1).padStart(2, '0');
  const number = String((index % 99_999) + 1).padStart(5, '0');
  return `99${month}.${number}`;
}

function shiftDate(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function toNewPaper(source: SeedPaper, summaryJson: string, categories: string[]): NewPaperWithExtras {
  const now = new Date().toISOString();
  return {
    paper: {
      arxiv_id: source.arxivId,
      version: source.version,
      title: source.title,
      abstract: source.abstract,
      abstract_translation: null,
      pdf_url: arxivPdfUrl(source.arxivId, source.version),
      submitted_date: source.submittedDate,
      authors: JSON.stringify(source.authors),
      primary_category: source.primaryCategory,
      comment: source.comment ?? null,
      synthetic: 0,
      created_at: now,
      updated_at: now,
    },
    summary: { data: summaryJson, generated_by: 'extractive', model: null },
    categories,
  };
}

/** The n-th synthetic variant: a real paper's text under a marked title, an older date and a 99MM id. */
function syntheticVariant(real: NewPaperWithExtras[], index: number): NewPaperWithExtras {
  const source = real[index % real.length] as NewPaperWithExtras;
  const round = Math.floor(index / real.length) + 1;
  const arxivId = syntheticArxivId(index);
  return {
    ...source,
    paper: {
      ...source.paper,
      arxiv_id: arxivId,
      title: `[Synthetic ${round}] ${source.paper.title}`,
      pdf_url: source.paper.pdf_url,
      submitted_date: shiftDate(source.paper.submitted_date, round * 3),
      synthetic: 1,
    },
  };
}

/**
 * Makes the database hold the first `count` papers of the seed order: the real papers of the demo
 * file first, then synthetic variants. Papers already present are kept, so seeding again is safe.
 */
export async function seedPapers(handle: DbHandle, count: number, file?: string): Promise<number> {
  const repo = createPapersRepo(handle);
  const real: NewPaperWithExtras[] = [];
  for await (const source of readSeedPapers(file)) {
    const summary = summariseExtractive({
      title: source.title,
      abstract: source.abstract,
      arxivCategories: source.categories,
    });
    real.push(toNewPaper(source, JSON.stringify(summary), categoriesFromSummary(summary)));
  }
  let inserted = 0;
  for (let start = 0; start < count; start += BATCH_SIZE) {
    const batch: NewPaperWithExtras[] = [];
    for (let i = start; i < Math.min(start + BATCH_SIZE, count); i++) {
      batch.push(i < real.length ? (real[i] as NewPaperWithExtras) : syntheticVariant(real, i - real.length));
    }
    const existing = await repo.existingArxivIds(batch.map((item) => item.paper.arxiv_id));
    const fresh = batch.filter((item) => !existing.has(item.paper.arxiv_id));
    await repo.insertMany(fresh);
    inserted += fresh.length;
  }
  return inserted;
}
