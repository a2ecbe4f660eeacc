import { z } from 'zod';
import { MAX_LENGTHS } from './account-rules.js';
import {
  DEFAULT_DIGEST_FREQUENCY,
  DIGEST_FREQUENCIES,
  MAX_CATEGORY_NAME_LENGTH,
  MAX_FOLLOWED_CATEGORIES,
} from './digest-rules.js';
import { categoryRefSchema } from './papers.js';
import { localeSchema } from './users.js';

const frequencySchema = z.enum(DIGEST_FREQUENCIES);

/** A reader's digest: the categories followed (sorted by name), how often, and the language of the mail. */
export const digestSettingsSchema = z.object({
  categories: z.array(z.string()),
  frequency: frequencySchema,
  language: localeSchema,
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

/** GET, PUT and DELETE /api/digest-subscription: the reader's digest (null when not subscribed) and what can be followed. */
export const digestSubscriptionSchema = z.object({
  subscription: digestSettingsSchema.nullable(),
  /** The site's categories a reader may follow, with their Arabic names, sorted by name. */
  availableCategories: z.array(categoryRefSchema),
});
export type DigestSubscription = z.infer<typeof digestSubscriptionSchema>;

/**
 * PUT /api/digest-subscription. No categories means not subscribed. Frequency defaults to weekly;
 * language to the one the account was last used in.
 */
export const digestSettingsBodySchema = z.object({
  categories: z
    .array(z.string().trim().min(1).max(MAX_CATEGORY_NAME_LENGTH))
    .max(MAX_FOLLOWED_CATEGORIES, `may list at most ${MAX_FOLLOWED_CATEGORIES} categories`),
  frequency: frequencySchema.default(DEFAULT_DIGEST_FREQUENCY),
  language: localeSchema.optional(),
});
export type DigestSettingsBody = z.input<typeof digestSettingsBodySchema>;

const token = z.string().max(MAX_LENGTHS.token).optional();

/** POST /api/digest-subscription/unsubscribe: the token of the link in a digest mail. */
export const unsubscribeBodySchema = z.object({ token });
/** The one-click unsubscribe URL of a digest mail's List-Unsubscribe header (RFC 8058). */
export const oneClickQuerySchema = z.object({ token });
