import { z } from 'zod';
import { categoryNameSchema } from './admin-papers.js';
import { paperCardSchema } from './papers.js';
import { DIGEST_SEARCH_TOP_K, SEARCH_OFFSET_MAX, SEARCH_QUERY_MAX_LENGTH, SEARCH_TOP_K_MAX } from './search-rules.js';

export const semanticSearchBodySchema = z.object({
  query: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH),
  top_k: z.number().int().min(1).max(SEARCH_TOP_K_MAX).default(DIGEST_SEARCH_TOP_K),
  category: categoryNameSchema.optional().meta({
    description:
      'Only papers of this category, its name exactly as GET /api/categories/names lists it; omit it for every category. An unknown name is refused (400, `unknown_category`).',
  }),
  offset: z
    .number()
    .int()
    .min(0)
    .max(SEARCH_OFFSET_MAX)
    .default(0)
    .meta({ description: 'How many of the best matches to skip: the next `top_k` after them are answered.' }),
});
export type SemanticSearchBody = z.input<typeof semanticSearchBodySchema>;

/** Search results and related papers: cards, most relevant first, with no pagination. */
export const paperMatchesSchema = z.object({ papers: z.array(paperCardSchema) });
export type PaperMatches = z.infer<typeof paperMatchesSchema>;

/** How far the background embedding has come, and which vector index serves search. */
export const searchStatusSchema = z.object({
  /** `none`: search runs on full text alone (a PostgreSQL without pgvector says so here). */
  vectorIndex: z.enum(['sqlite-vec', 'pgvector', 'none']),
  /** Why there is no vector index, when there is none. */
  reason: z.string().nullable(),
  /** The embedding model's id; vectors of any other model are re-made in the background. */
  model: z.string(),
  embedded: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type SearchStatus = z.infer<typeof searchStatusSchema>;
