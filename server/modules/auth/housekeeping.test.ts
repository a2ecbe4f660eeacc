import { describe, expect, it } from 'vitest';
import { startTestApp, withTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { createUsersRepo } from '../users/repo.js';

describe.each(testDatabaseKinds)('purging ended rows on $name', (kind) => {
  it('deletes ended sessions, used or expired links and ended limit windows when the app starts', async () => {
    await withTestApp(kind, {}, async ({ handle }, database) => {
      const { db } = handle;
      const user = await createUsersRepo(db).insert({ name: 'Kept', email: 'kept@example.org', passwordHash: 'x' });
      const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
      const session = (id: string, expiresAt: string) => ({
        id_hash: id,
        user_id: user.id,
        created_at: at(-1000),
        last_seen_at: at(-1000),
        expires_at: expiresAt,
      });
      await db
        .insertInto('sessions')
        .values([session('ended', at(-1)), session('live', at(60_000))])
        .execute();
      const token = (hash: string, purpose: 'verify' | 'reset', expiresAt: string, usedAt: string | null) => ({
        token_hash: hash,
        user_id: user.id,
        purpose,
        expires_at: expiresAt,
        used_at: usedAt,
        created_at: at(-1000),
      });
      await db
        .insertInto('email_tokens')
        .values([
          token('expired', 'reset', at(-1), null),
          token('used', 'verify', at(60_000), at(-1)),
          token('live', 'verify', at(60_000), null),
        ])
        .execute();
      await db
        .insertInto('rate_limits')
        .values([
          { key_hash: 'ended', hits: 3, resets_at_ms: Date.now() - 1 },
          { key_hash: 'live', hits: 3, resets_at_ms: Date.now() + 60_000 },
        ])
        .execute();

      const restarted = await startTestApp(database);
      try {
        await restarted.app.ready();
        const sessions = await db.selectFrom('sessions').select('id_hash').execute();
        expect(sessions.map((row) => row.id_hash)).toEqual(['live']);
        const tokens = await db.selectFrom('email_tokens').select('token_hash').execute();
        expect(tokens.map((row) => row.token_hash)).toEqual(['live']);
        // Only PostgreSQL keeps limits in this table; SQLite's single process keeps them in memory.
        const limits = (await db.selectFrom('rate_limits').select('key_hash').execute()).map((row) => row.key_hash);
        expect(limits).toEqual(kind.name === 'postgres' ? ['live'] : ['ended', 'live']);
      } finally {
        await restarted.close();
      }
    });
  });
});
