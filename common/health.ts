import { z } from 'zod';
import { searchStatusSchema } from './search.js';

/** How far the background embedding has come, and how long the rest will take. */
export const embeddingProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  /**
   * Seconds until every paper has its vector, at the pace of the last few minutes: 0 when none
   * lacks one, null when the pace is not known (nothing embedded lately, or no vector index).
   */
  secondsLeft: z.number().int().nullable(),
});
export type EmbeddingProgress = z.infer<typeof embeddingProgressSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  dialect: z.enum(['sqlite', 'postgres']),
  migration: z.string().nullable(),
  papers: z.number().int(),
  /**
   * The vector index in use and the background embedding's progress (the admin dashboard and queue
   * screens show it).
   */
  search: searchStatusSchema.extend({ embedded: embeddingProgressSchema }),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/ready: the database answers and has every migration of this version. */
export const readinessSchema = z.object({
  status: z.literal('ok'),
  /** The newest migration the database has run. */
  migration: z.string().nullable(),
});
