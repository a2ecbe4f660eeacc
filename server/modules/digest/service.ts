import { isLocale } from '../../../common/account-rules.js';
import { DIGEST_ERRORS } from '../../../common/digest-rules.js';
import type { DigestSettingsBody, DigestSubscription } from '../../../common/digest-subscription.js';
import { isCatchAllCategory } from '../../../common/paper-rules.js';
import { AppError, tooManyAttempts } from '../../errors.js';
import { clientKey } from '../../http/client-address.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import { hashToken } from '../auth/tokens.js';
import type { CategoriesRepo } from '../categories/repo.js';
import type { UsersRepo } from '../users/repo.js';
import type { DigestRepo } from './repo.js';
import { DIGEST_SENDING } from './sender.js';

/**
 * Unsubscribe links a client may get wrong before it is refused for a while. Only failures count
 * (a right link clears them), so a mail provider posting many readers' one-click unsubscribes from
 * one address is never held up; guessing a 256-bit token is hopeless anyway.
 */
export const UNSUBSCRIBE_FAILURES_PER_CLIENT: RateLimit = { max: 20, windowMs: 15 * 60 * 1000 };

export const DIGEST_MESSAGES = { unsubscribed: 'You are unsubscribed from the email digest.' } as const;

export interface DigestSettingsInput extends Omit<DigestSettingsBody, 'frequency'> {
  frequency: NonNullable<DigestSettingsBody['frequency']>;
}

/** A reader's email digest: the settings of the account page, and unsubscribing by a mail's link. */
export function createDigestService(deps: {
  repo: Omit<DigestRepo, 'addUnsubscribeToken' | 'purgeTokens'>;
  categories: Pick<CategoriesRepo, 'listWithArabicNames'>;
  usersRepo: Pick<UsersRepo, 'findById'>;
  limiter: RateLimiter;
  /** The time the digest goes by; tests move it through periods. */
  clock: () => Date;
}) {
  const { repo, limiter, clock } = deps;

  /** Every category but the catch-all ones, which the digest list does not offer as a filter either. */
  const followable = async () =>
    (await deps.categories.listWithArabicNames()).filter((category) => !isCatchAllCategory(category.name));

  async function answer(userId: number): Promise<DigestSubscription> {
    const [subscription, availableCategories] = await Promise.all([repo.find(userId), followable()]);
    return { subscription: subscription ?? null, availableCategories };
  }

  return {
    get: answer,

    /**
     * Follows exactly the given categories; none means not subscribed. Without a language the mail
     * is in the one the reader last used the site in.
     */
    async save(userId: number, body: DigestSettingsInput): Promise<DigestSubscription> {
      const names = [...new Set(body.categories)];
      if (names.length === 0) {
        await repo.remove(userId);
        return answer(userId);
      }
      const ids = await repo.categoryIds(names);
      const unknown = names.filter((name) => !ids.has(name) || isCatchAllCategory(name));
      if (unknown.length > 0) {
        throw new AppError(400, DIGEST_ERRORS.unknownCategory, `Unknown categories: ${unknown.join(', ')}.`, {
          'body.categories': unknown.map((name) => `unknown category: ${name}`),
        });
      }
      const accountLocale = (await deps.usersRepo.findById(userId))?.locale;
      const language = body.language ?? (isLocale(accountLocale) ? accountLocale : 'en');
      await repo.save(userId, { categoryIds: [...ids.values()], frequency: body.frequency, language }, clock());
      return answer(userId);
    },

    async remove(userId: number): Promise<DigestSubscription> {
      await repo.remove(userId);
      return answer(userId);
    },

    /** Unsubscribes the reader whose mail holds this link's token; no sign-in needed. */
    async unsubscribeByToken(token: string | undefined, ip: string): Promise<{ message: string }> {
      const trimmed = token?.trim();
      if (!trimmed) throw new AppError(400, DIGEST_ERRORS.missingToken, 'The unsubscribe link has no token.');
      const failuresKey = `digest-unsubscribe:failures:${clientKey(ip)}`;
      const refused = await limiter.hit([[failuresKey, UNSUBSCRIBE_FAILURES_PER_CLIENT]]);
      if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
      const now = clock();
      const issuedAfter = new Date(now.getTime() - DIGEST_SENDING.tokenLifetimeMs);
      const userId = await repo.unsubscribeByToken(hashToken(trimmed), now, issuedAfter);
      if (userId === undefined) {
        throw new AppError(
          404,
          DIGEST_ERRORS.invalidToken,
          'This unsubscribe link is unknown, expired or already used.',
        );
      }
      await limiter.forget(failuresKey);
      return { message: DIGEST_MESSAGES.unsubscribed };
    },
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
