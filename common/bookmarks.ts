import { z } from 'zod';
import { keysetCursorParam, pageLimitParam } from './keyset-page.js';
import { paperCardSchema } from './papers.js';

/** A reader's bookmark: which paper, with its arXiv id so a card can match it without another call. */
export const bookmarkSchema = z.object({
  id: z.number().int(),
  paperId: z.number().int(),
  arxivId: z.string(),
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

/** GET /api/bookmarks: the session user's bookmarks, newest first. */
export const bookmarkListSchema = z.array(bookmarkSchema);

/** GET /api/bookmarks/{arxivId}: `true` when bookmarked (404 when not). */
export const bookmarkedSchema = z.literal(true);

/** Bookmarked papers answered per page unless a page asks for another number, and the most it may. */
export const BOOKMARKS_PAGE_SIZE = 12;
export const BOOKMARKS_PAGE_MAX = 100;

/** GET /api/bookmarks/papers: a page of the session user's bookmarks with their papers, newest first. */
export const bookmarkedPapersQuerySchema = z.object({
  cursor: keysetCursorParam.optional(),
  limit: pageLimitParam(BOOKMARKS_PAGE_MAX).default(BOOKMARKS_PAGE_SIZE),
});

/** A bookmark with its paper's card (its categories included): all a card of the bookmarks screen needs. */
export const bookmarkedPaperSchema = z.object({ bookmark: bookmarkSchema, paper: paperCardSchema });
export type BookmarkedPaper = z.infer<typeof bookmarkedPaperSchema>;

export const bookmarkedPapersPageSchema = z.object({
  items: z.array(bookmarkedPaperSchema),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type BookmarkedPapersPage = z.infer<typeof bookmarkedPapersPageSchema>;
