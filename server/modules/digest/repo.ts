import { type Kysely, sql } from 'kysely';
import type { DigestSettings } from '../../../common/digest-subscription.js';
import type { Database } from '../../db/schema.js';

export interface SavedSettings {
  categoryIds: number[];
  frequency: DigestSettings['frequency'];
  language: DigestSettings['language'];
}

/** Readers' digest subscriptions and the tokens of the unsubscribe links in their mails. */
export function createDigestRepo(db: Kysely<Database>) {
  async function deleteSubscription(executor: Kysely<Database>, userId: number): Promise<void> {
    await executor.deleteFrom('digest_categories').where('user_id', '=', userId).execute();
    await executor.deleteFrom('digest_subscriptions').where('user_id', '=', userId).execute();
  }

  return {
    /** The reader's digest, or undefined without one or when every category followed has been deleted. */
    async find(userId: number): Promise<DigestSettings | undefined> {
      const subscription = await db
        .selectFrom('digest_subscriptions')
        .select(['frequency', 'language'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!subscription) return undefined;
      const categories = await db
        .selectFrom('digest_categories')
        .innerJoin('categories', 'categories.id', 'digest_categories.category_id')
        .select('categories.name')
        .where('digest_categories.user_id', '=', userId)
        .orderBy('categories.name')
        .execute();
      if (categories.length === 0) return undefined;
      return { ...subscription, categories: categories.map((row) => row.name) };
    },

    /** The ids of the named categories that exist, by name. */
    async categoryIds(names: string[]): Promise<Map<string, number>> {
      if (names.length === 0) return new Map();
      const rows = await db.selectFrom('categories').select(['id', 'name']).where('name', 'in', names).execute();
      return new Map(rows.map((row) => [row.name, row.id]));
    },

    /**
     * Creates or replaces the reader's digest in one transaction. A new frequency holds from `now`:
     * periods of it that ended before are not mailed, so switching never mails a period at once.
     * The upsert locks the reader's row, so two saves at once apply one after the other.
     */
    async save(userId: number, settings: SavedSettings, now: Date): Promise<void> {
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('digest_subscriptions')
          .values({
            user_id: userId,
            frequency: settings.frequency,
            language: settings.language,
            schedule_since: at,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({
              frequency: eb.ref('excluded.frequency'),
              language: eb.ref('excluded.language'),
              updated_at: eb.ref('excluded.updated_at'),
              schedule_since: sql<string>`case when digest_subscriptions.frequency = excluded.frequency
                then digest_subscriptions.schedule_since else excluded.schedule_since end`,
            })),
          )
          .execute();
        await trx.deleteFrom('digest_categories').where('user_id', '=', userId).execute();
        await trx
          .insertInto('digest_categories')
          .values(settings.categoryIds.map((categoryId) => ({ user_id: userId, category_id: categoryId })))
          .execute();
      });
    },

    remove: (userId: number) => db.transaction().execute((trx) => deleteSubscription(trx, userId)),

    /** Keeps the hash of a mail's unsubscribe token, before the mail goes out. */
    async addUnsubscribeToken(tokenHash: string, userId: number, now: Date): Promise<void> {
      await db
        .insertInto('digest_unsubscribe_tokens')
        .values({ token_hash: tokenHash, user_id: userId, created_at: now.toISOString() })
        .execute();
    },

    /**
     * Uses an unsubscribe token issued after `issuedAfter` and not used yet, and ends its reader's
     * digest, in one transaction. Answers the reader's id, or undefined for an unknown, used or
     * expired token (nothing changes then).
     */
    async unsubscribeByToken(tokenHash: string, now: Date, issuedAfter: Date): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('digest_unsubscribe_tokens')
          .set({ used_at: now.toISOString() })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('created_at', '>', issuedAfter.toISOString())
          .returning('user_id')
          .executeTakeFirst();
        if (used) await deleteSubscription(trx, used.user_id);
        return used?.user_id;
      });
    },

    /** Deletes tokens issued before `issuedBefore`: their links no longer work. */
    async purgeTokens(issuedBefore: Date): Promise<void> {
      await db.deleteFrom('digest_unsubscribe_tokens').where('created_at', '<', issuedBefore.toISOString()).execute();
    },
  };
}

export type DigestRepo = ReturnType<typeof createDigestRepo>;
