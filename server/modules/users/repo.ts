import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ManagedUser, PublicUser } from '../../../common/users.js';
import { toIso } from '../../db/connect.js';
import type { Database, UsersTable } from '../../db/schema.js';
import { type AuditRecord, appendAudit } from '../audit/repo.js';

export type UserRow = Selectable<UsersTable>;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isVerified: row.is_verified === 1,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** A user as administrators see it: also whether it is suspended. */
export function toManagedUser(row: UserRow): ManagedUser {
  return { ...toPublicUser(row), suspendedAt: row.suspended_at === null ? null : toIso(row.suspended_at) };
}

/**
 * The ids of the administrators who may act (verified, not suspended), their rows written unchanged
 * first: that locks them (PostgreSQL) or takes the write lock (SQLite), so of two administrators
 * taking each other's rights at once, the second sees the first's change and one always remains.
 */
export async function lockActiveAdmins(trx: Transaction<Database>): Promise<number[]> {
  const admins = await trx
    .updateTable('users')
    .set((eb) => ({ is_verified: eb.ref('is_verified') }))
    .where('role', '=', 'admin')
    .where('is_verified', '=', 1)
    .where('suspended_at', 'is', null)
    .returning('id')
    .execute();
  return admins.map((admin) => admin.id);
}

interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role?: string;
  verified?: boolean;
  locale?: string;
}

function insertUser(db: Kysely<Database>, user: NewUser) {
  const now = new Date().toISOString();
  return db
    .insertInto('users')
    .values({
      name: user.name,
      email: normaliseEmail(user.email),
      password_hash: user.passwordHash,
      role: user.role ?? 'user',
      is_verified: user.verified ? 1 : 0,
      locale: user.locale ?? 'en',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Addresses are compared case-insensitively by storing them trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createUsersRepo(db: Kysely<Database>) {
  return {
    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst(),

    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    insert: (user: NewUser) => insertUser(db, user),

    /** The operator's new administrator, with its entry in the audit log, written together. */
    async insertByOperator(user: NewUser & { role: 'admin'; verified: true }) {
      return db.transaction().execute(async (trx) => {
        const row = await insertUser(trx, user);
        await appendAudit(trx, {
          actorId: null,
          action: 'user.created',
          objectType: 'user',
          objectId: row.id,
          after: { role: row.role, isVerified: true },
        });
        return row;
      });
    },

    async update(id: number, changes: { passwordHash?: string; role?: string; locale?: string }) {
      return db
        .updateTable('users')
        .set({
          ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
          ...(changes.role === undefined ? {} : { role: changes.role }),
          ...(changes.locale === undefined ? {} : { locale: changes.locale }),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The owner proved the address by a mailed link: verifies the account (with the new password, if
     * any), unless an administrator unverified it, which only an administrator undoes; the password
     * changes either way.
     */
    async verifyByLink(id: number, changes: { passwordHash?: string } = {}) {
      return db
        .updateTable('users')
        .set((eb) => ({
          is_verified: eb.case().when('unverified_at', 'is', null).then(eb.lit(1)).else(eb.ref('is_verified')).end(),
          ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
          updated_at: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * An administrator (or the operator) verifies the account, which ends the record of an unverify;
     * an administrator's verify of an unverified account is recorded in the audit log.
     */
    async verifyByAdmin(id: number, audit?: AuditRecord) {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select('is_verified').where('id', '=', id).executeTakeFirst();
        const user = await trx
          .updateTable('users')
          .set({ is_verified: 1, unverified_by: null, unverified_at: null, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (user && audit && before?.is_verified !== 1) {
          await appendAudit(trx, { ...audit, before: { isVerified: false }, after: { isVerified: true } });
        }
        return user;
      });
    },

    /**
     * An administrator unverifies an account, recording who and when (and in the audit log), provided
     * that administrator may still act when the change is made (see lockActiveAdmins): `adminVerified`
     * false otherwise, and nothing changes.
     */
    async unverifyByAdmin(
      id: number,
      audit: AuditRecord & { actorId: number },
    ): Promise<{ adminVerified: boolean; user?: UserRow }> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockActiveAdmins(trx)).includes(audit.actorId)) return { adminVerified: false };
        const before = await trx
          .selectFrom('users')
          .select(['is_verified', 'unverified_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        const now = new Date().toISOString();
        const user = await trx
          .updateTable('users')
          .set({ is_verified: 0, unverified_by: audit.actorId, unverified_at: now, updated_at: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        // A pending account is not verified yet, but the hold that keeps its link from verifying it is new.
        if (user && before && (before.is_verified === 1 || before.unverified_at === null)) {
          await appendAudit(trx, {
            ...audit,
            before: { isVerified: before.is_verified === 1, unverifiedByAdmin: false },
            after: { isVerified: false, unverifiedByAdmin: true },
          });
        }
        return { adminVerified: true, user };
      });
    },

    async page(options: { offset: number; limit: number; verified?: boolean }) {
      let query = db.selectFrom('users');
      if (options.verified !== undefined) query = query.where('is_verified', '=', options.verified ? 1 : 0);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
