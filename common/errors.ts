import { z } from 'zod';

/** The one error shape every API failure answers with (DESIGN §4). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().meta({
    description:
      "The request's id, as in its X-Request-Id header and in the server's log: quote it when reporting a problem.",
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
