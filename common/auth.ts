import { z } from 'zod';
import { MAX_LENGTHS } from './account-rules.js';
import { localeSchema, publicUserSchema } from './users.js';

/**
 * Bodies are checked field by field in the service so each answer carries the spec's message; only
 * an over-long field is refused here, with the generic 400 and the field named.
 */
const text = (maxLength: number) => z.string().max(maxLength).optional();
const email = text(MAX_LENGTHS.email);
const password = text(MAX_LENGTHS.password);
const locale = localeSchema.optional();

export const signupBodySchema = z.object({ name: text(MAX_LENGTHS.name), email, password, locale });
export const loginBodySchema = z.object({ email, password, locale });
export const emailBodySchema = z.object({ email, locale });
export const resetBodySchema = z.object({ token: text(MAX_LENGTHS.token), newPassword: password });
export const verifyQuerySchema = z.object({ token: text(MAX_LENGTHS.token) });
/** A verification link followed outside the browser that signed up, with the password that replaces the sign-up's. */
export const verifyPasswordBodySchema = z.object({ token: text(MAX_LENGTHS.token), newPassword: password });

export const messageSchema = z.object({ message: z.string() });
export const userMessageSchema = z.object({ user: publicUserSchema, message: z.string() });
/**
 * Verification's answer: `user` only when this browser is the one that signed up, which verification
 * has then signed in; `passwordNeeded` when elsewhere the account is still pending, which nothing
 * verified yet: the reader chooses a new password (POST /api/auth/verify-email); otherwise the
 * address is verified and the reader is to sign in.
 */
export const verifyAnswerSchema = z.object({
  user: publicUserSchema.optional(),
  passwordNeeded: z.literal(true).optional(),
  message: z.string(),
});
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;
/** A visitor who is not signed in gets `user: null`: not an error, so browsers log nothing. */
export const checkSchema = z.object({ user: publicUserSchema.nullable() });
