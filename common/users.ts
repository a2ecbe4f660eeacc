import { z } from 'zod';

export const LOCALES = ['en', 'ar'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

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

export const USER_PAGE_SIZES = [10, 25, 50] as const;

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

export const isAdmin = (user: Pick<PublicUser, 'role'> | null | undefined): boolean => user?.role === 'admin';
