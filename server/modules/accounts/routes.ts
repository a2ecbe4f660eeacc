import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../common/auth.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { accountDeleteBodySchema } from '../../../common/users.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccountsService } from './service.js';

/** DELETE /api/account: a signed-in reader deletes their own account. */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; sessions: Sessions }> = async (
  app,
  { accounts, sessions },
) => {
  app.delete(
    '/account',
    {
      // onRequest, so that a visitor learns nothing from validation errors.
      onRequest: async (request) => {
        await sessions.requireUser(request);
      },
      schema: {
        summary: 'Delete your own account',
        description:
          'Confirmed by the account’s password (403 `wrong_password` otherwise; 429 after 5 wrong ones in 15 minutes). Sessions, bookmarks, digest settings, pending links, reports and the images no comment shows are deleted; comments stay, shown as by "deleted user". Signs this browser out and mails a confirmation. 409 `admin_account` for an administrator, whom another administrator must demote first.',
        body: accountDeleteBodySchema,
        response: {
          200: messageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await accounts.deleteOwn(await sessions.requireUser(request), request.body.password);
      await sessions.end(request, reply);
      return answer;
    },
  );
};
