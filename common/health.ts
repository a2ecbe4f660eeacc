import { z } from 'zod';
import { searchStatusSchema } from './search.js';

export const healthSchema = z.object({
  status: z.literal('ok'),
  dialect: z.enum(['sqlite', 'postgres']),
  migration: z.string().nullable(),
  papers: z.number().int(),
  /** The vector index in use and the background embedding's progress (the admin dashboard shows it). */
  search: searchStatusSchema,
});
export type Health = z.infer<typeof healthSchema>;
