import { z } from 'zod';
import { LOCALES, MAX_LENGTHS } from './account-rules.js';
import { MAX_MODERATION_REASON_LENGTH as MODERATION_REASON_MAX } from './moderation-rules.js';

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

/**
 * A user as administrators manage it: also whether, and since when, the account is suspended. The
 * server always sends `suspendedAt`; it is optional so that a plain user stands for one not suspended.
 */
export const managedUserSchema = publicUserSchema.extend({
  suspendedAt: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'When an administrator suspended the account; null if not.' }),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const ROLES = ['user', 'admin'] as const;

/** PATCH /api/admin/users/{id}/role. */
export const roleBodySchema = z.object({ role: z.enum(ROLES) });

/** POST /api/admin/users/{id}/suspend. */
export const suspendBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(MODERATION_REASON_MAX)
    .transform((reason) => reason || null)
    .optional()
    .meta({ description: 'Told to the account in the mail that confirms the suspension.' }),
  removeComments: z
    .boolean()
    .default(false)
    .meta({ description: "Also remove every comment of the account, as a moderator's removal." }),
});

/** DELETE /api/account: the password confirms that the account's owner asks. */
export const accountDeleteBodySchema = z.object({ password: z.string().min(1).max(MAX_LENGTHS.password) });

/** Pagination object of user lists (SPEC §3). */
export const userPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const userListSchema = z.object({
  users: z.array(managedUserSchema),
  pagination: userPaginationSchema,
});
export type UserList = z.infer<typeof userListSchema>;
