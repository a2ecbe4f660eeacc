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

    async update(
      id: number,
      changes: { verified?: boolean; passwordHash?: string; role?: string; name?: string; locale?: string },
    ) {
      return db
        .updateTable('users')
        .set({
          ...(changes.verified === undefined ? {} : { is_verified: changes.verified ? 1 : 0 }),
          ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
          ...(changes.role === undefined ? {} : { role: changes.role }),
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.locale === undefined ? {} : { locale: changes.locale }),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
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
