import type { PublicUser, UserList } from '../../../common/users.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthRepo } from '../auth/repo.js';
import { toPublicUser, type UsersRepo } from './repo.js';

export function createUsersService(deps: { usersRepo: UsersRepo; authRepo: AuthRepo }) {
  const { usersRepo, authRepo } = deps;
  return {
    async list(query: { page: number; limit: number; verified?: boolean }): Promise<UserList> {
      const { rows, total } = await usersRepo.page({
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        verified: query.verified,
      });
      return {
        users: rows.map(toPublicUser),
        pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
      };
    },

    /** Unverifying also signs the user out: an unverified account cannot be signed in. */
    async setVerified(admin: PublicUser, userId: number, verified: boolean): Promise<PublicUser> {
      if (!verified && admin.id === userId) {
        throw new AppError(409, 'conflict', 'You cannot unverify your own account.');
      }
      const user = await usersRepo.update(userId, { verified });
      if (!user) throw notFound('User not found');
      if (!verified) await authRepo.deleteSessionsOf(userId, null);
      return toPublicUser(user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
