import { z } from 'zod';
import { localeSchema, publicUserSchema } from './users.js';

export const MIN_PASSWORD_LENGTH = 8;

/** Bodies are checked field by field in the service so each answer carries the spec's message. */
const text = z.string().optional();

export const signupBodySchema = z.object({ name: text, email: text, password: text, locale: localeSchema.optional() });
export const loginBodySchema = z.object({ email: text, password: text, locale: localeSchema.optional() });
export const emailBodySchema = z.object({ email: text, locale: localeSchema.optional() });
export const resetBodySchema = z.object({ token: text, newPassword: text });

export const messageSchema = z.object({ message: z.string() });
export const userMessageSchema = z.object({ user: publicUserSchema, message: z.string() });
export const checkSchema = z.object({ user: publicUserSchema });

/** Stable error codes the web client maps to texts. */
export const AUTH_ERRORS = {
  missingFields: 'missing_fields',
  invalidEmail: 'invalid_email',
  weakPassword: 'weak_password',
  emailTaken: 'email_taken',
  invalidCredentials: 'invalid_credentials',
  emailNotVerified: 'email_not_verified',
  invalidToken: 'invalid_token',
  missingToken: 'missing_token',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
