import { AUTH_ERRORS, USER_ERRORS } from '../../../common/account-rules.js';
import type { ManagedUser, PublicUser } from '../../../common/users.js';
import { AppError, notFound, tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import type { PasswordHasher } from '../auth/passwords.js';
import { notAnAdmin } from '../auth/sessions.js';
import type { UploadsService } from '../uploads/service.js';
import { normaliseEmail, toManagedUser, type UsersRepo } from '../users/repo.js';
import type { AccountMails } from './mail.js';
import { type AccountRefusal, type AccountsRepo, isRefusal } from './repo.js';

/** Password guesses at deleting an account, per account: a stolen session cannot try many. */
export const ACCOUNT_LIMITS = { deletePerUser: { max: 5, windowMs: 15 * 60 * 1000 } } satisfies Record<
  string,
  RateLimit
>;

export const ACCOUNT_MESSAGES = {
  ownSuspend: 'You cannot suspend your own account.',
  ownDemote: 'You cannot remove your own administrator role.',
  ownDelete: 'You cannot delete your own account as an administrator.',
  lastAdmin: 'This is the last administrator account: make another account an administrator first.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  suspendedPromotion: 'Restore this account before making it an administrator.',
  adminAccount:
    "An administrator's account cannot be deleted by its owner: another administrator must remove its administrator role first.",
  wrongPassword: 'The password is not correct.',
  deleted: 'Account deleted',
  deletedOwn: 'Your account has been deleted.',
  noAccount: (email: string) => `No account has the address ${email}.`,
} as const;

const conflict = (code: string, message: string) => new AppError(409, code, message);

/** The error a refused change answers; `unchanged` says what "already so" means for this change. */
function refusalError(refusal: AccountRefusal, unchanged?: AppError): AppError {
  switch (refusal) {
    case 'not_found':
      return notFound('User not found');
    case 'not_an_admin':
      return notAnAdmin();
    case 'last_admin':
      return conflict(USER_ERRORS.lastAdmin, ACCOUNT_MESSAGES.lastAdmin);
    case 'suspended':
      return conflict(AUTH_ERRORS.accountSuspended, ACCOUNT_MESSAGES.suspendedPromotion);
    case 'admin_account':
      return conflict(USER_ERRORS.adminAccount, ACCOUNT_MESSAGES.adminAccount);
    case 'unchanged':
      return unchanged ?? conflict('conflict', 'Nothing to change.');
  }
}

function refuseOwn(actor: PublicUser | null, userId: number, message: string): void {
  if (actor?.id === userId) throw conflict(USER_ERRORS.ownAccount, message);
}

/**
 * An account's life after sign-up: suspension, roles, deletion. An administrator cannot suspend,
 * demote or delete their own account, nor the last administrator who can act; the operator's
 * command line (actor null) is held to the last-administrator rule too. The owner is mailed each change.
 */
export function createAccountsService(deps: {
  repo: AccountsRepo;
  usersRepo: Pick<UsersRepo, 'findById' | 'findByEmail'>;
  passwords: Pick<PasswordHasher, 'verify'>;
  limiter: Pick<RateLimiter, 'hit'>;
  uploads: Pick<UploadsService, 'removeFiles'>;
  mails: Pick<AccountMails, 'send'>;
}) {
  const { repo, usersRepo, passwords, limiter, uploads, mails } = deps;

  function settled<T>(outcome: T | AccountRefusal, unchanged?: AppError): T {
    if (isRefusal(outcome)) throw refusalError(outcome, unchanged);
    return outcome;
  }

  async function remove(actor: PublicUser | null, userId: number, audited: boolean): Promise<void> {
    const removed = settled(await repo.deleteAccount(userId, { actorId: actor?.id ?? null, audited }));
    await uploads.removeFiles(removed.fileNames);
    mails.send('deleted', removed.user);
  }

  return {
    /** The operator's command line names accounts by address. */
    async userIdByEmail(email: string): Promise<number> {
      const user = await usersRepo.findByEmail(email);
      if (!user) throw notFound(ACCOUNT_MESSAGES.noAccount(normaliseEmail(email)));
      return user.id;
    },

    /** Ends the account's sessions at once; with `removeComments`, removes its comments in the same change. */
    async suspend(
      admin: PublicUser,
      userId: number,
      options: { reason?: string | null; removeComments: boolean },
    ): Promise<ManagedUser> {
      refuseOwn(admin, userId, ACCOUNT_MESSAGES.ownSuspend);
      const reason = options.reason ?? null;
      const outcome = await repo.suspend(userId, { actorId: admin.id, reason, removeComments: options.removeComments });
      const { user, fileNames } = settled(
        outcome,
        conflict(USER_ERRORS.alreadySuspended, ACCOUNT_MESSAGES.alreadySuspended),
      );
      await uploads.removeFiles(fileNames);
      mails.send('suspended', user, reason);
      return toManagedUser(user);
    },

    async restore(admin: PublicUser, userId: number): Promise<ManagedUser> {
      const outcome = await repo.restore(userId, { actorId: admin.id });
      const user = settled(outcome, conflict(USER_ERRORS.notSuspended, ACCOUNT_MESSAGES.notSuspended));
      mails.send('restored', user);
      return toManagedUser(user);
    },

    /** `actor` null for the operator's command line. Giving an account the role it has changes nothing. */
    async setRole(actor: PublicUser | null, userId: number, role: 'admin' | 'user'): Promise<ManagedUser> {
      if (role !== 'admin') refuseOwn(actor, userId, ACCOUNT_MESSAGES.ownDemote);
      const { user, changed } = settled(await repo.setRole(userId, role, { actorId: actor?.id ?? null }));
      if (changed) mails.send(role === 'admin' ? 'promoted' : 'demoted', user);
      return toManagedUser(user);
    },

    /** An administrator's (or, with `actor` null, the operator's) deletion of an account. */
    async deleteByAdmin(actor: PublicUser | null, userId: number): Promise<{ message: string }> {
      refuseOwn(actor, userId, ACCOUNT_MESSAGES.ownDelete);
      await remove(actor, userId, true);
      return { message: ACCOUNT_MESSAGES.deleted };
    },

    /** The owner's own deletion, confirmed by the account's password; an administrator's is refused. */
    async deleteOwn(user: PublicUser, password: string): Promise<{ message: string }> {
      if (user.role === 'admin') throw refusalError('admin_account');
      const refusedAttempt = await limiter.hit([[`account-delete:user:${user.id}`, ACCOUNT_LIMITS.deletePerUser]]);
      if (refusedAttempt) throw tooManyAttempts(refusedAttempt.retryAfterSeconds);
      const row = await usersRepo.findById(user.id);
      if (!row) throw notFound('User not found');
      if (!(await passwords.verify(password, row.password_hash))) {
        throw new AppError(403, AUTH_ERRORS.wrongPassword, ACCOUNT_MESSAGES.wrongPassword);
      }
      await remove(null, user.id, false);
      return { message: ACCOUNT_MESSAGES.deletedOwn };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
