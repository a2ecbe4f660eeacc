import type { Kysely } from 'kysely';
import { toIso } from '../../db/connect.js';
import type { Database, EmailTokensTable } from '../../db/schema.js';

export type TokenPurpose = EmailTokensTable['purpose'];

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
     * Stores a new link token with the language of its mail; earlier unused links of the same purpose
     * stop working, and their mails waiting for a retry are not sent. A verification link carries the
     * hash of its sign-up's marker cookie: the one given (a sign-up's first link), else the one of the
     * link it replaces (a resend), so that the browser that signed up is still the one signed in.
     */
    async replaceToken(
      userId: number,
      purpose: TokenPurpose,
      tokenHash: string,
      expiresAt: Date,
      mailLocale: string,
      signupMarkerHash?: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const replaced = await trx
          .deleteFrom('email_tokens')
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .returning('signup_marker_hash')
          .execute();
        await trx
          .insertInto('email_tokens')
          .values({
            token_hash: tokenHash,
            user_id: userId,
            purpose,
            expires_at: expiresAt.toISOString(),
            used_at: null,
            created_at: new Date().toISOString(),
            signup_marker_hash:
              signupMarkerHash ?? replaced.find((link) => link.signup_marker_hash)?.signup_marker_hash,
            mail_locale: mailLocale,
          })
          .execute();
      });
    },

    /** After a failed attempt: the link's mail is tried again from `dueAt`. */
    async retryLinkMail(tokenHash: string, dueAt: Date): Promise<void> {
      await db
        .updateTable('email_tokens')
        .set((eb) => ({ mail_due_at: dueAt.toISOString(), mail_attempts: eb('mail_attempts', '+', 1) }))
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .execute();
    },

    /** The links whose mail is due, with the failures so far, the longest waiting first. */
    async dueLinkMails(now: Date, limit: number): Promise<{ tokenHash: string; failures: number }[]> {
      const rows = await db
        .selectFrom('email_tokens')
        .select(['token_hash', 'mail_attempts'])
        .where('mail_due_at', '<=', now.toISOString())
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .orderBy('mail_due_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ tokenHash: row.token_hash, failures: row.mail_attempts }));
    },

    /**
     * Takes a due link mail for one attempt: the link takes `newTokenHash` (the token the mail will
     * carry) and falls due again at `retryAt` should the attempt fail, in one statement, so that of
     * several processes one takes it. Answers what the mail needs; null when the link was taken,
     * used, replaced or expired meanwhile.
     */
    async takeLinkMail(tokenHash: string, newTokenHash: string, now: Date, retryAt: Date) {
      const link = await db
        .updateTable('email_tokens')
        .set((eb) => ({
          token_hash: newTokenHash,
          mail_due_at: retryAt.toISOString(),
          mail_attempts: eb('mail_attempts', '+', 1),
        }))
        .where('token_hash', '=', tokenHash)
        .where('mail_due_at', '<=', now.toISOString())
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .returning(['user_id', 'purpose', 'mail_locale', 'mail_attempts'])
        .executeTakeFirst();
      const user =
        link &&
        (await db
          .selectFrom('users')
          .select(['email', 'name', 'is_verified'])
          .where('id', '=', link.user_id)
          .executeTakeFirst());
      if (!link || !user) return null;
      return {
        purpose: link.purpose,
        to: user.email,
        name: user.name,
        verified: user.is_verified === 1,
        locale: link.mail_locale,
        attempts: link.mail_attempts,
      };
    },

    /** The mail server took the link's mail: it is not sent again. */
    async linkMailSent(tokenHash: string): Promise<void> {
      await db.updateTable('email_tokens').set({ mail_due_at: null }).where('token_hash', '=', tokenHash).execute();
    },

    /** When the next link mail falls due; null when none waits. */
    async nextLinkMailDue(now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('email_tokens')
        .select((eb) => eb.fn.min('mail_due_at').as('due'))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row?.due ? new Date(toIso(row.due)) : null;
    },

    /**
     * A valid token, left unused: its sign-up's marker hash and whether its account is verified, or
     * held unverified by an administrator; null when the link is unknown, used or expired.
     */
    async findValidToken(tokenHash: string, purpose: TokenPurpose, now: Date) {
      const row = await db
        .selectFrom('email_tokens')
        .innerJoin('users', 'users.id', 'email_tokens.user_id')
        .select(['email_tokens.signup_marker_hash', 'users.is_verified', 'users.unverified_at'])
        .where('email_tokens.token_hash', '=', tokenHash)
        .where('email_tokens.purpose', '=', purpose)
        .where('email_tokens.used_at', 'is', null)
        .where('email_tokens.expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row
        ? {
            signupMarkerHash: row.signup_marker_hash,
            verified: row.is_verified === 1,
            heldByAdmin: row.unverified_at !== null,
          }
        : null;
    },

    /**
     * Marks a valid token used and answers its user and its sign-up's marker hash, in one statement so
     * two concurrent uses of the same link cannot both succeed; every other link of that user, of
     * either purpose, stops working.
     */
    async consumeToken(
      tokenHash: string,
      purpose: TokenPurpose,
      now: Date,
    ): Promise<{ userId: number; signupMarkerHash: string | null } | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('email_tokens')
          .set({ used_at: now.toISOString() })
          .where('token_hash', '=', tokenHash)
          .where('purpose', '=', purpose)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now.toISOString())
          .returning(['user_id', 'signup_marker_hash'])
          .executeTakeFirst();
        if (!row) return null;
        await trx
          .deleteFrom('email_tokens')
          .where('user_id', '=', row.user_id)
          .where('token_hash', '!=', tokenHash)
          .execute();
        return { userId: row.user_id, signupMarkerHash: row.signup_marker_hash };
      });
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
