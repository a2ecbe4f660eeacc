import { z } from 'zod';
import { paperCardSchema } from './papers.js';

/** Recommendations answered unless a call asks for another number, and the most it may. */
export const RECOMMENDATIONS_LIMIT = 12;
export const RECOMMENDATIONS_LIMIT_MAX = 50;
/** Recommendations the email digest adds below the followed categories' papers. */
export const DIGEST_RECOMMENDATIONS = 5;

/** GET /api/recommendations */
export const recommendationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECOMMENDATIONS_LIMIT_MAX).default(RECOMMENDATIONS_LIMIT),
});

/** The saved paper a recommendation is most like: "Because you saved …". */
export const savedPaperRefSchema = z.object({
  id: z.number().int(),
  arxivId: z.string(),
  title: z.string(),
});
export type SavedPaperRef = z.infer<typeof savedPaperRefSchema>;

export const recommendedPaperSchema = paperCardSchema.extend({ because: savedPaperRefSchema });
export type RecommendedPaper = z.infer<typeof recommendedPaperSchema>;

/**
 * A reader's recommendations, best first. `reason` says why the list is empty: `no_bookmarks` for a
 * reader who has saved nothing yet; null when there are papers.
 */
export const recommendationsSchema = z.object({
  papers: z.array(recommendedPaperSchema),
  reason: z.enum(['no_bookmarks', 'nothing_alike']).nullable(),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;
