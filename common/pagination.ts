import { z } from 'zod';
import type { PaperPagination } from './page-window.js';
import { MAX_ROW_ID } from './row-id.js';

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

/**
 * A path or query value that must be a positive integer written in plain digits ("2", not "2.0" or
 * "+2"), at most MAX_ROW_ID, so that it can be bound against an id column.
 */
export const positiveIntParam = z
  .string()
  .regex(/^[1-9]\d*$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().max(MAX_ROW_ID, `must be at most ${MAX_ROW_ID}`));
