import type { Kysely } from 'kysely';
import { toIso } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { CitedPaper } from '../citations/bibtex.js';
import { citedPaperOf } from '../citations/repo.js';

/** A bookmarked paper as an export writes it: what a citation needs, and the saving's facts. */
export interface ExportedPaper extends CitedPaper {
  abstract: string;
  pdfUrl: string;
  /** When the reader bookmarked it (ISO 8601). */
  bookmarkedAt: string;
}

/** Every bookmark of one reader, with its paper, newest first: the query names the owner. */
export function createBookmarkExportRepo(db: Kysely<Database>) {
  return {
    async papersOf(userId: number): Promise<ExportedPaper[]> {
      const rows = await db
        .selectFrom('bookmarks')
        .innerJoin('papers', 'papers.id', 'bookmarks.paper_id')
        .select([
          'papers.arxiv_id',
          'papers.title',
          'papers.authors',
          'papers.submitted_date',
          'papers.primary_category',
          'papers.doi',
          'papers.journal_ref',
          'papers.abstract',
          'papers.pdf_url',
          'bookmarks.created_at',
        ])
        .where('bookmarks.user_id', '=', userId)
        // A paper in the recycle bin is shown to no reader, in an export neither.
        .where('papers.deleted_at', 'is', null)
        .orderBy('bookmarks.created_at', 'desc')
        .orderBy('bookmarks.id', 'desc')
        .execute();
      return rows.map((row) => ({
        ...citedPaperOf(row),
        abstract: row.abstract,
        pdfUrl: row.pdf_url,
        bookmarkedAt: toIso(row.created_at),
      }));
    },
  };
}

export type BookmarkExportRepo = ReturnType<typeof createBookmarkExportRepo>;
