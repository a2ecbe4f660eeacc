import { EMAIL_PATTERN, MAX_LENGTHS, MIN_PASSWORD_LENGTH, USER_ERRORS } from '../../../common/account-rules.js';
import type { ManagedUser, PublicUser, UserList } from '../../../common/users.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { PasswordHasher } from '../auth/passwords.js';
import type { AuthRepo } from '../auth/repo.js';
import { notAnAdmin } from '../auth/sessions.js';
import { normaliseEmail, toManagedUser, toPublicUser, type UsersRepo } from './repo.js';

export function createUsersService(deps: {
  usersRepo: Pick<UsersRepo, 'page' | 'findByEmail' | 'insertByOperator' | 'verifyByAdmin' | 'unverifyByAdmin'>;
  authRepo: Pick<AuthRepo, 'deleteSessionsOf'>;
  passwords: Pick<PasswordHasher, 'hash'>;
  /** The operator's promotion of an existing account, under the rules (and into the audit log) of every role change. */
  promoteByOperator: (userId: number) => Promise<unknown>;
}) {
  const { usersRepo, authRepo, passwords } = deps;
  return {
    /**
     * The operator's way in (npm run admin): promotes an existing account to a verified admin with its
     * password unchanged, or creates one under the same rules as a sign-up.
     */
    async createOrPromoteAdmin(input: { email: string; name?: string; password?: string }) {
      const email = normaliseEmail(input.email);
      if (!EMAIL_PATTERN.test(email) || email.length > MAX_LENGTHS.email) {
        throw badRequest('--email must be an email address.');
      }
      const existing = await usersRepo.findByEmail(email);
      if (existing) {
        await deps.promoteByOperator(existing.id);
        const promoted = await usersRepo.verifyByAdmin(existing.id, {
          actorId: null,
          action: 'user.verified',
          objectType: 'user',
          objectId: existing.id,
        });
        return { user: toPublicUser(promoted ?? existing), created: false };
      }
      const name = input.name?.trim() ?? '';
      const password = input.password ?? '';
      if (!name || name.length > MAX_LENGTHS.name)
        throw badRequest(`--name is required, at most ${MAX_LENGTHS.name} characters.`);
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_LENGTHS.password) {
        throw badRequest(`--password must have ${MIN_PASSWORD_LENGTH} to ${MAX_LENGTHS.password} characters.`);
      }
      const user = await usersRepo.insertByOperator({
        name,
        email,
        passwordHash: await passwords.hash(password),
        role: 'admin',
        verified: true,
      });
      return { user: toPublicUser(user), created: true };
    },

    async list(query: { page: number; limit: number; verified?: boolean }): Promise<UserList> {
      const { rows, total } = await usersRepo.page({
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        verified: query.verified,
      });
      return {
        users: rows.map(toManagedUser),
        pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
      };
    },

    /**
     * Unverifying also signs the user out (an unverified account cannot be signed in), and only an
     * administrator can verify the account again. An administrator cannot unverify their own account,
     * and must still be a verified administrator when the change is made, so that at least one
     * verified administrator always remains.
     */
    async setVerified(admin: PublicUser, userId: number, verified: boolean): Promise<ManagedUser> {
      const audit = {
        actorId: admin.id,
        action: verified ? 'user.verified' : 'user.unverified',
        objectType: 'user',
        objectId: userId,
      } as const;
      if (verified) {
        const user = await usersRepo.verifyByAdmin(userId, audit);
        if (!user) throw notFound('User not found');
        return toManagedUser(user);
      }
      if (admin.id === userId) {
        throw new AppError(409, USER_ERRORS.ownAccount, 'You cannot unverify your own account.');
      }
      const { adminVerified, user } = await usersRepo.unverifyByAdmin(userId, audit);
      if (!adminVerified) throw notAnAdmin();
      if (!user) throw notFound('User not found');
      await authRepo.deleteSessionsOf(userId, null);
      return toManagedUser(user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
