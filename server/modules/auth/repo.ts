import type { Kysely } from 'kysely';
import { toIso } from '../../db/connect.js';
import type { Database, EmailTokensTable } from '../../db/schema.js';

export type TokenPurpose = EmailTokensTable['purpose'];

/** What a sign-up puts in force when its verification link is followed. */
export interface SignupCredentials {
  passwordHash: string;
  name: string;
}

export function createAuthRepo(db: Kysely<Database>) {
  return {
    async createSession(idHash: string, userId: number, expiresAt: Date): Promise<void> {
      const now = new Date().toISOString();
      await db
        .insertInto('sessions')
        .values({
          id_hash: idHash,
          user_id: userId,
          created_at: now,
          last_seen_at: now,
          expires_at: expiresAt.toISOString(),
        })
        .execute();
    },

    async findSession(idHash: string) {
      const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      return (
        row && {
          userId: row.user_id,
          createdAt: new Date(toIso(row.created_at)),
          lastSeenAt: new Date(toIso(row.last_seen_at)),
          expiresAt: new Date(toIso(row.expires_at)),
        }
      );
    },

    async touchSession(idHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: now.toISOString(), expires_at: expiresAt.toISOString() })
        .where('id_hash', '=', idHash)
        .execute();
    },

    async deleteSession(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Ends every session of the user except the one kept (null ends them all). */
    async deleteSessionsOf(userId: number, keepIdHash: string | null): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepIdHash) query = query.where('id_hash', '!=', keepIdHash);
      await query.execute();
    },

    /**
     * Stores a new link token, with the credentials of the sign-up it belongs to if any; earlier
     * unused links of the same purpose stop working.
     */
    async replaceToken(
      userId: number,
      purpose: TokenPurpose,
      tokenHash: string,
      expiresAt: Date,
      credentials?: SignupCredentials,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('email_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
        await trx
          .insertInto('email_tokens')
          .values({
            token_hash: tokenHash,
            user_id: userId,
            purpose,
            expires_at: expiresAt.toISOString(),
            used_at: null,
            created_at: new Date().toISOString(),
            password_hash: credentials?.passwordHash ?? null,
            name: credentials?.name ?? null,
          })
          .execute();
      });
    },

    /**
     * Marks a valid token used and answers its user and sign-up credentials, in one statement so two
     * concurrent uses of the same link cannot both succeed.
     */
    async consumeToken(
      tokenHash: string,
      purpose: TokenPurpose,
      now: Date,
    ): Promise<{ userId: number; credentials: SignupCredentials | null } | null> {
      const row = await db
        .updateTable('email_tokens')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .returning(['user_id', 'password_hash', 'name'])
        .executeTakeFirst();
      if (!row) return null;
      const { password_hash: passwordHash, name } = row;
      return { userId: row.user_id, credentials: passwordHash && name ? { passwordHash, name } : null };
    },

    /** Deletes ended sessions and used or expired links. */
    async purgeExpired(now: Date): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
      await db
        .deleteFrom('email_tokens')
        .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('used_at', 'is not', null)]))
        .execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
