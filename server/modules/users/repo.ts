import type { Kysely, Selectable } from 'kysely';
import type { PublicUser } from '../../../common/users.js';
import { toIso } from '../../db/connect.js';
import type { Database, UsersTable } from '../../db/schema.js';

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

/** Addresses are compared case-insensitively by storing them trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createUsersRepo(db: Kysely<Database>) {
  return {
    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst(),

    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    async insert(user: {
      name: string;
      email: string;
      passwordHash: string;
      role?: string;
      verified?: boolean;
      locale?: string;
    }) {
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

    /** An administrator (or the operator) verifies the account, which ends the record of an unverify. */
    async verifyByAdmin(id: number) {
      return db
        .updateTable('users')
        .set({ is_verified: 1, unverified_by: null, unverified_at: null, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * An administrator unverifies an account, recording who and when, provided that administrator is
     * still a verified administrator when the change is made: `adminVerified` false otherwise, and
     * nothing changes. The verified administrators' rows are written unchanged first, which locks
     * them (PostgreSQL) or takes the write lock (SQLite): of two administrators unverifying each other
     * at once, the second sees the first's change, so one verified administrator always remains.
     */
    async unverifyByAdmin(id: number, adminId: number): Promise<{ adminVerified: boolean; user?: UserRow }> {
      return db.transaction().execute(async (trx) => {
        const admins = await trx
          .updateTable('users')
          .set((eb) => ({ is_verified: eb.ref('is_verified') }))
          .where('role', '=', 'admin')
          .where('is_verified', '=', 1)
          .returning('id')
          .execute();
        if (!admins.some((admin) => admin.id === adminId)) return { adminVerified: false };
        const now = new Date().toISOString();
        const user = await trx
          .updateTable('users')
          .set({ is_verified: 0, unverified_by: adminId, unverified_at: now, updated_at: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
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
