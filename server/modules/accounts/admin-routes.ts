import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../common/auth.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { managedUserSchema, roleBodySchema, suspendBodySchema } from '../../../common/users.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccountsService } from './service.js';

const idParams = z.object({ id: positiveIntParam.meta({ description: 'The id of the account.' }) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema.describe(
    'Refused: one’s own account (`own_account`), the last administrator (`last_admin`), or the account is already so (`already_suspended`, `not_suspended`, `account_suspended`).',
  ),
};
const tags = ['users'];

/** Suspension, roles and deletion of accounts: registered inside the admin scope, whose guard runs first. */
export const accountsAdminRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; sessions: Sessions }> = async (
  app,
  { accounts, sessions },
) => {
  app.post(
    '/admin/users/:id/suspend',
    {
      schema: {
        summary: 'Suspend an account',
        description:
          'Its sessions end at once; it cannot sign in (403 `account_suspended`), comment, bookmark or upload until restored. With `removeComments`, its comments are removed as by a moderator. The owner is mailed, with the reason if given. The body may be left out.',
        tags,
        params: idParams,
        body: suspendBodySchema.nullish(),
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) =>
      accounts.suspend(await sessions.requireAdmin(request), request.params.id, {
        reason: request.body?.reason,
        removeComments: request.body?.removeComments ?? false,
      }),
  );

  app.post(
    '/admin/users/:id/restore',
    {
      schema: {
        summary: 'Restore a suspended account',
        tags,
        params: idParams,
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) => accounts.restore(await sessions.requireAdmin(request), request.params.id),
  );

  app.patch(
    '/admin/users/:id/role',
    {
      schema: {
        summary: 'Make an account an administrator, or a reader again',
        description: 'The owner is mailed. Giving the role the account has changes nothing.',
        tags,
        params: idParams,
        body: roleBodySchema,
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) => accounts.setRole(await sessions.requireAdmin(request), request.params.id, request.body.role),
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        summary: 'Delete an account',
        description:
          'As its owner’s own deletion: its comments stay as by "deleted user", everything else of it goes. The owner is mailed.',
        tags,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => accounts.deleteByAdmin(await sessions.requireAdmin(request), request.params.id),
  );
};
