import type { Kysely, Transaction } from 'kysely';
import type { ArabicSummary, Summary } from '../../../common/papers.js';
import { retriedTransaction } from '../../db/retry.js';
import type { Database } from '../../db/schema.js';
import type { ArxivPaper } from '../../providers/arxiv/types.js';
import { categoriesFromSummary } from '../../providers/summary/category-names.js';
import { newCategoryRows } from '../categories/shipped-arabic-names.js';
import { grantWaitingBookmarks } from './queue-bookmarks.js';
import type { ClaimedItem } from './repo.js';

/** What processing made of a queued paper. */
export interface ProcessedPaper {
  paper: ArxivPaper;
  summary: Summary;
  /** The summary's reader-facing fields in Arabic; null leaves Arabic readers the English. */
  summaryAr: ArabicSummary | null;
  /** The model that wrote the summary; null for the extractive summariser. */
  model: string | null;
  /** The Arabic abstract; null leaves the paper untranslated. */
  abstractTranslation: string | null;
  categories: string[];
}

export type Completion = 'completed' | 'lease_lost';

/**
 * The end of processing, in one transaction: the queue item is deleted only while the lease on it
 * is still this worker's, and only then is the paper stored (inserted, or updated when it was
 * queued again to be refreshed) with its summary and categories. A worker whose lease ran out and
 * was taken by another stores nothing, so a paper is never completed twice.
 */
export function createProcessedRepo(db: Kysely<Database>) {
  return {
    /** The stored paper as a scrape answers it, or undefined before it is processed (or while an admin's deletion hides it). */
    async findPaper(
      arxivId: string,
    ): Promise<{ id: number; version: number; title: string; abstract: string; pdfUrl: string } | undefined> {
      return db
        .selectFrom('papers')
        .select(['id', 'version', 'title', 'abstract', 'pdf_url as pdfUrl'])
        .where('arxiv_id', '=', arxivId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Brings a stored paper to arXiv's newer version at once (title, abstract, PDF, authors, DOI); its
     * Arabic abstract, which translated the old one, is dropped until the paper is processed again.
     */
    async refreshMetadata(paper: ArxivPaper): Promise<void> {
      await db
        .updateTable('papers')
        .set(paperFields(paper, null, new Date().toISOString()))
        .where('arxiv_id', '=', paper.arxivId)
        .execute();
    },

    async complete(lease: Pick<ClaimedItem, 'id' | 'leaseToken'>, processed: ProcessedPaper): Promise<Completion> {
      return retriedTransaction(db, async (trx) => {
        const held = await trx
          .deleteFrom('queue_items')
          .where('id', '=', lease.id)
          .where('lease_token', '=', lease.leaseToken)
          .executeTakeFirst();
        if (Number(held.numDeletedRows) === 0) return 'lease_lost';
        const paperId = await storePaper(trx, processed);
        await grantWaitingBookmarks(trx, processed.paper.arxivId, paperId);
        return 'completed';
      });
    },
  };
}

export type ProcessedRepo = ReturnType<typeof createProcessedRepo>;

function paperFields(paper: ArxivPaper, abstractTranslation: string | null, now: string) {
  return {
    version: paper.version,
    title: paper.title,
    abstract: paper.abstract,
    abstract_translation: abstractTranslation,
    pdf_url: paper.pdfUrl,
    submitted_date: paper.published.slice(0, 10),
    authors: JSON.stringify(paper.authors.map((author) => author.name)),
    primary_category: paper.primaryCategory,
    comment: paper.comment,
    doi: paper.doi,
    journal_ref: paper.journalRef,
    updated_at: now,
  };
}

async function storePaper(trx: Transaction<Database>, processed: ProcessedPaper): Promise<number> {
  const { paper, summary, summaryAr, model } = processed;
  const now = new Date().toISOString();
  const fields = paperFields(paper, processed.abstractTranslation, now);
  const existing = await trx
    .selectFrom('papers')
    .leftJoin('summaries', 'summaries.paper_id', 'papers.id')
    .select(['papers.id', 'summaries.data'])
    .where('papers.arxiv_id', '=', paper.arxivId)
    .executeTakeFirst();
  let paperId: number;
  let previousCategories: string[] = [];
  if (existing) {
    paperId = existing.id;
    await trx.updateTable('papers').set(fields).where('id', '=', paperId).execute();
    if (existing.data) previousCategories = categoriesFromSummary(JSON.parse(existing.data) as Summary);
  } else {
    const row = await trx
      .insertInto('papers')
      .values({ ...fields, arxiv_id: paper.arxivId, synthetic: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    paperId = row.id;
  }
  const summaryFields = {
    data: JSON.stringify(summary),
    data_ar: summaryAr && JSON.stringify(summaryAr),
    generated_by: summary.generatedBy,
    model,
    updated_at: now,
  };
  await trx
    .insertInto('summaries')
    .values({ ...summaryFields, paper_id: paperId, created_at: now })
    .onConflict((oc) => oc.column('paper_id').doUpdateSet(summaryFields))
    .execute();
  await relinkCategories(trx, paperId, processed.categories, previousCategories, now);
  return paperId;
}

/**
 * Links the paper to its summary's categories, creating the new ones, and unlinks the categories of
 * the summary it replaces that the new one dropped. Categories an admin linked by hand stay.
 */
async function relinkCategories(
  trx: Transaction<Database>,
  paperId: number,
  names: string[],
  previousNames: string[],
  now: string,
): Promise<void> {
  const dropped = previousNames.filter((name) => !names.includes(name));
  if (dropped.length > 0) {
    await trx
      .deleteFrom('paper_categories')
      .where('paper_id', '=', paperId)
      .where('category_id', 'in', trx.selectFrom('categories').select('id').where('name', 'in', dropped))
      .execute();
  }
  if (names.length === 0) return;
  await trx
    .insertInto('categories')
    .values(newCategoryRows(names, now))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await trx.selectFrom('categories').select('id').where('name', 'in', names).execute();
  await trx
    .insertInto('paper_categories')
    .values(rows.map((row) => ({ paper_id: paperId, category_id: row.id })))
    .onConflict((oc) => oc.columns(['paper_id', 'category_id']).doNothing())
    .execute();
}
