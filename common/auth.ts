import { z } from 'zod';
import { localeSchema, publicUserSchema } from './users.js';

/** Bodies are checked field by field in the service so each answer carries the spec's message. */
const text = z.string().optional();

export const signupBodySchema = z.object({ name: text, email: text, password: text, locale: localeSchema.optional() });
export const loginBodySchema = z.object({ email: text, password: text, locale: localeSchema.optional() });
export const emailBodySchema = z.object({ email: text, locale: localeSchema.optional() });
export const resetBodySchema = z.object({ token: text, newPassword: text });

export const messageSchema = z.object({ message: z.string() });
export const userMessageSchema = z.object({ user: publicUserSchema, message: z.string() });
/** A visitor who is not signed in gets `user: null`: not an error, so browsers log nothing. */
export const checkSchema = z.object({ user: publicUserSchema.nullable() });
