import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createAuthRepo } from '../../modules/auth/repo.js';
import { createUsersRepo } from '../../modules/users/repo.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { connectDatabase, type DbHandle } from '../connect.js';
import { migrateToLatest } from '../migrate.js';
import { migrationsFor } from './index.js';

const THIS_MIGRATION = '0014_links_only_verify';

describe.each(testDatabaseKinds)('the links-only-verify migration on $name', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("keeps a pending link, which from then on verifies with the account's own password and name", async () => {
    const database = await kind.create();
    cleanups.push(() => database.dispose());
    const handle: DbHandle = connectDatabase(loadConfig(database.env));
    cleanups.push(() => handle.close());
    const all = migrationsFor(handle.dialect);
    await migrateToLatest(handle, Object.fromEntries(Object.entries(all).filter(([name]) => name < THIS_MIGRATION)));
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    // The rows as they were before the migration: a link carrying a sign-up's password and name.
    const { id } = await handle.db
      .insertInto('users')
      .values({
        email: 'owner@example.org',
        name: 'Owner',
        password_hash: 'account hash',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into email_tokens (token_hash, user_id, purpose, expires_at, created_at, password_hash, name)
      values ('pending', ${id}, 'verify', ${later}, ${now}, 'link hash', 'Link name')`.execute(handle.db);

    await migrateToLatest(handle, all);
    const link = await createAuthRepo(handle.db).consumeToken('pending', 'verify', new Date());
    expect(link).toEqual({ userId: id, signupMarkerHash: null });
    const user = await createUsersRepo(handle.db).verifyByLink(id);
    expect(user).toMatchObject({
      name: 'Owner',
      password_hash: 'account hash',
      is_verified: 1,
      unverified_by: null,
      unverified_at: null,
    });
  });
});
