import { z } from 'zod';

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
