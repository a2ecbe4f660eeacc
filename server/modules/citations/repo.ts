import type { Kysely } from 'kysely';
import type { PaperRef } from '../../../common/arxiv-id.js';
import type { Database } from '../../db/schema.js';
import type { CitedPaper } from './bibtex.js';

/** A paper's row as a citation reads it. */
export interface CitedPaperRow {
  arxiv_id: string;
  title: string;
  authors: string;
  submitted_date: string;
  primary_category: string;
  doi: string | null;
  journal_ref: string | null;
}

export function citedPaperOf(row: CitedPaperRow): CitedPaper {
  return {
    arxivId: row.arxiv_id,
    title: row.title,
    authors: JSON.parse(row.authors) as string[],
    submittedDate: row.submitted_date,
    primaryCategory: row.primary_category,
    doi: row.doi,
    journalRef: row.journal_ref,
  };
}

/** What a citation reads of a paper. */
export function createCitationsRepo(db: Kysely<Database>) {
  return {
    async findPaper(ref: PaperRef): Promise<CitedPaper | null> {
      const row = await db
        .selectFrom('papers')
        .select(['arxiv_id', 'title', 'authors', 'submitted_date', 'primary_category', 'doi', 'journal_ref'])
        .where('deleted_at', 'is', null)
        .$call((query) =>
          ref.kind === 'id' ? query.where('id', '=', ref.id) : query.where('arxiv_id', '=', ref.arxivId),
        )
        .executeTakeFirst();
      return row ? citedPaperOf(row) : null;
    },
  };
}

export type CitationsRepo = ReturnType<typeof createCitationsRepo>;
