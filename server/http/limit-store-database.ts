import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { LimitStore } from './rate-limiter.js';

/**
 * Counts in the rate_limits table, shared by every process on one database. An increment is one
 * upsert, atomic on SQLite and PostgreSQL alike: it opens a new window when the stored one has ended.
 */
export function createDatabaseLimitStore(db: Kysely<Database>): LimitStore {
  return {
    async read(keys, now) {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('rate_limits')
        .select(['key_hash', 'hits', 'resets_at_ms'])
        .where('key_hash', 'in', keys)
        .where('resets_at_ms', '>', now)
        .execute();
      return new Map(rows.map((row) => [row.key_hash, { count: row.hits, resetsAt: Number(row.resets_at_ms) }]));
    },

    async increment(key, windowMs, now) {
      const ended = sql<boolean>`rate_limits.resets_at_ms <= ${now}`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key_hash: key, hits: 1, resets_at_ms: now + windowMs })
        .onConflict((conflict) =>
          conflict.column('key_hash').doUpdateSet({
            hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limits.hits + 1 END`,
            resets_at_ms: sql<number>`CASE WHEN ${ended} THEN excluded.resets_at_ms ELSE rate_limits.resets_at_ms END`,
          }),
        )
        .returning(['hits', 'resets_at_ms'])
        .executeTakeFirstOrThrow();
      return { count: row.hits, resetsAt: Number(row.resets_at_ms) };
    },

    async delete(key) {
      await db.deleteFrom('rate_limits').where('key_hash', '=', key).execute();
    },

    async purgeExpired(now) {
      await db.deleteFrom('rate_limits').where('resets_at_ms', '<=', now).execute();
    },

    // The database handle is closed with the app.
    async close() {},
  };
}
