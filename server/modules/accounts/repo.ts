import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AuditRecord, appendAudit } from '../audit/repo.js';
import { removeComments } from '../moderation/removal.js';
import { shownByLiveComment } from '../uploads/repo.js';
import { lockActiveAdmins, type UserRow } from '../users/repo.js';

/** Why a change to an account was not made. */
export type AccountRefusal =
  | 'not_found'
  /** The acting administrator lost their rights meanwhile. */
  | 'not_an_admin'
  /** It would leave no administrator who can act. */
  | 'last_admin'
  /** The account is already as asked (suspended, or not). */
  | 'unchanged'
  /** A suspended account is not made an administrator. */
  | 'suspended'
  /** An administrator's account is not deleted by its owner. */
  | 'admin_account';

export const isRefusal = (value: unknown): value is AccountRefusal => typeof value === 'string';

/** Who acts (null for the operator's command line, or an owner deleting their own account). */
type Actor = { actorId: number | null };

const userAudit = (actorId: number | null, action: AuditRecord['action'], userId: number) => ({
  actorId,
  action,
  objectType: 'user' as const,
  objectId: userId,
});

/**
 * Suspension, roles and deletion of accounts. Each runs in one transaction with the administrators'
 * rows locked (see lockActiveAdmins), so that however many administrators act at once, one who can
 * act always remains; each administrator's change has its entry in the audit log.
 */
export function createAccountsRepo(db: Kysely<Database>) {
  function guarded<T>(
    actorId: number | null,
    userId: number,
    work: (trx: Transaction<Database>, user: UserRow, isLastAdmin: boolean) => Promise<T | AccountRefusal>,
  ): Promise<T | AccountRefusal> {
    return db.transaction().execute(async (trx) => {
      const active = await lockActiveAdmins(trx);
      if (actorId !== null && !active.includes(actorId)) return 'not_an_admin';
      const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) return 'not_found';
      return work(trx, user, active.length === 1 && active[0] === user.id);
    });
  }

  return {
    /**
     * Suspends the account and ends its sessions; with `removeComments`, removes its live comments as
     * a moderator would. Answers the account and the files of the images the removal took offline.
     */
    suspend(userId: number, change: { actorId: number; reason: string | null; removeComments: boolean }) {
      return guarded(change.actorId, userId, async (trx, user, isLastAdmin) => {
        if (isLastAdmin) return 'last_admin';
        if (user.suspended_at !== null) return 'unchanged';
        const now = new Date().toISOString();
        const suspended = await trx
          .updateTable('users')
          .set({ suspended_at: now, suspended_by: change.actorId, updated_at: now })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        const removal = { by: change.actorId, reason: change.reason };
        const removed = change.removeComments
          ? await removeComments(trx, { authorId: userId }, removal)
          : { ids: [], fileNames: [] };
        await appendAudit(
          trx,
          {
            ...userAudit(change.actorId, 'user.suspended', userId),
            before: { suspended: false },
            after: { suspended: true, reason: change.reason, commentsRemoved: removed.ids.length },
          },
          ...removed.ids.map((id) => ({
            actorId: change.actorId,
            action: 'comment.removed' as const,
            objectType: 'comment' as const,
            objectId: id,
            after: { reason: change.reason },
          })),
        );
        return { user: suspended, fileNames: removed.fileNames };
      });
    },

    restore(userId: number, { actorId }: { actorId: number }) {
      return guarded(actorId, userId, async (trx, user) => {
        if (user.suspended_at === null) return 'unchanged';
        const restored = await trx
          .updateTable('users')
          .set({ suspended_at: null, suspended_by: null, updated_at: new Date().toISOString() })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await appendAudit(trx, {
          ...userAudit(actorId, 'user.restored', userId),
          before: { suspended: true },
          after: { suspended: false },
        });
        return restored;
      });
    },

    /** Gives the account `role`; `changed` false when it had it already. */
    setRole(userId: number, role: 'admin' | 'user', { actorId }: Actor) {
      return guarded(actorId, userId, async (trx, user, isLastAdmin) => {
        if (user.role === role) return { user, changed: false };
        if (role !== 'admin' && isLastAdmin) return 'last_admin';
        if (role === 'admin' && user.suspended_at !== null) return 'suspended';
        const changed = await trx
          .updateTable('users')
          .set({ role, updated_at: new Date().toISOString() })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await appendAudit(trx, {
          ...userAudit(actorId, role === 'admin' ? 'user.promoted' : 'user.demoted', userId),
          before: { role: user.role },
          after: { role },
        });
        return { user: changed, changed: true };
      });
    },

    /**
     * Deletes the account: its sessions, links, bookmarks, digest settings and reports go with it (ON
     * DELETE CASCADE); its comments stay, their author detached; its images no live comment shows go.
     * `audited` for an administrator's (or the operator's) deletion; an owner's own is not an
     * administrator action, and is refused for an administrator's account. Answers the account as it
     * was and the files of its removed images.
     */
    deleteAccount(userId: number, { actorId, audited }: Actor & { audited: boolean }) {
      return guarded(actorId, userId, async (trx, user, isLastAdmin) => {
        if (isLastAdmin) return 'last_admin';
        if (!audited && user.role === 'admin') return 'admin_account';
        const images = await trx
          .deleteFrom('uploads')
          .where('user_id', '=', userId)
          .where((eb) => eb.not(shownByLiveComment(eb)))
          .returning('file_name')
          .execute();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        if (audited) {
          await appendAudit(trx, {
            ...userAudit(actorId, 'user.deleted', userId),
            before: { role: user.role, isVerified: user.is_verified === 1, suspended: user.suspended_at !== null },
          });
        }
        return { user, fileNames: images.map((image) => image.file_name) };
      });
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
