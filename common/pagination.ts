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

/** A query value that must be a positive integer written in plain digits ("2", not "2.0" or "+2"). */
export const positiveIntParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'must be a positive integer')
  .transform(Number);
