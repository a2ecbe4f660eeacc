import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  dialect: z.enum(['sqlite', 'postgres']),
  migration: z.string().nullable(),
  papers: z.number().int(),
});
export type Health = z.infer<typeof healthSchema>;
