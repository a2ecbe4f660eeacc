import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAuthRepo } from '../../modules/auth/repo.js';
import { createUsersRepo } from '../../modules/users/repo.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { databaseBefore } from '../../test/migration-under-test.js';

const THIS_MIGRATION = '0014_links_only_verify';

describe.each(testDatabaseKinds)('the links-only-verify migration on $name', (kind) => {
  it("keeps a pending link, which from then on verifies with the account's own password and name", async () => {
    const { handle, migrateRest } = await databaseBefore(kind, THIS_MIGRATION);
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

    await migrateRest();
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
