import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_PAGE_SIZES } from '../../../common/account-rules.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { managedUserSchema, userListSchema } from '../../../common/users.js';
import type { Sessions } from '../auth/sessions.js';
import type { UsersService } from './service.js';

const listQuery = z.object({
  page: positiveIntParam.default(1),
  limit: z
    .enum(USER_PAGE_SIZES.map(String) as [string, ...string[]], {
      message: `must be one of ${USER_PAGE_SIZES.join(', ')}`,
    })
    .transform(Number)
    .default(10),
  verified: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
const idParams = z.object({ id: positiveIntParam });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** User administration: registered inside the admin scope, whose guard runs before validation. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; sessions: Sessions }> = async (
  app,
  { users, sessions },
) => {
  app.get(
    '/users',
    {
      schema: {
        summary: 'List user accounts, filtered by verification',
        querystring: listQuery,
        response: { 200: userListSchema, ...errors },
      },
    },
    async (request) => users.list(request.query),
  );

  for (const [action, verified] of [
    ['verify', true],
    ['unverify', false],
  ] as const) {
    app.patch(
      `/users/:id/${action}`,
      {
        schema: {
          summary: verified ? 'Mark an account verified' : 'Mark an account unverified',
          params: idParams,
          response: { 200: managedUserSchema, ...errors },
        },
      },
      async (request) => users.setVerified(await sessions.requireAdmin(request), request.params.id, verified),
    );
  }
};
