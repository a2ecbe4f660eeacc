import { z } from 'zod';
import { paperCardSchema } from './papers.js';
import { DIGEST_SEARCH_TOP_K, SEARCH_QUERY_MAX_LENGTH, SEARCH_TOP_K_MAX } from './search-rules.js';

export const semanticSearchBodySchema = z.object({
  query: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH),
  top_k: z.number().int().min(1).max(SEARCH_TOP_K_MAX).default(DIGEST_SEARCH_TOP_K),
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
