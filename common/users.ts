import { z } from 'zod';
import { LOCALES } from './account-rules.js';

export const localeSchema = z.enum(LOCALES);

/** A user as every API answer shows it: never a password hash or a token. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Pagination object of user lists (SPEC §3). */
export const userPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const userListSchema = z.object({
  users: z.array(publicUserSchema),
  pagination: userPaginationSchema,
});
export type UserList = z.infer<typeof userListSchema>;
