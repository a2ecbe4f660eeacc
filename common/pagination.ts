import { z } from 'zod';
import type { PaperPagination } from './page-window.js';

/** Pagination object of paper lists (SPEC §3). */
export const paperPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  limit: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  nextPage: z.number().int().nullable(),
  previousPage: z.number().int().nullable(),
});
export type { PaperPagination };

/** The largest row id: ids are 32-bit integers on PostgreSQL, which refuses to compare a column with more. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A path or query value that must be a positive integer written in plain digits ("2", not "2.0" or
 * "+2"), at most MAX_ROW_ID, so that it can be bound against an id column.
 */
export const positiveIntParam = z
  .string()
  .regex(/^[1-9]\d*$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().max(MAX_ROW_ID, `must be at most ${MAX_ROW_ID}`));
