import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/errors.js';
import { reportBodySchema, reportSchema } from '../../../common/moderation.js';
import { MAX_REPORT_TEXT_LENGTH } from '../../../common/moderation-rules.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { jsonBodyLimit } from '../../http/body-limits.js';
import type { Sessions } from '../auth/sessions.js';
import type { ModerationService } from './service.js';

const commentParams = z.object({ id: positiveIntParam.meta({ description: 'The id of the comment.' }) });

/** POST /api/comments/{id}/reports: a signed-in reader reports another's comment to the administrators. */
export const reportRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService; sessions: Sessions }> = async (
  app,
  { moderation, sessions },
) => {
  app.post(
    '/comments/:id/reports',
    {
      bodyLimit: jsonBodyLimit(MAX_REPORT_TEXT_LENGTH),
      // onRequest, so that a visitor learns nothing from validation errors.
      onRequest: async (request) => {
        await sessions.requireUser(request);
      },
      schema: {
        summary: "Report another reader's comment to the administrators",
        tags: ['comments'],
        description:
          'Signed-in readers only, on comments of others. A reason (spam, abuse, off_topic, leaked_data, other) and an optional text. 409 `already_reported` on a second report of the same comment; 403 `own_comment` on one’s own; 429 after 10 reports an hour.',
        params: commentParams,
        body: reportBodySchema,
        response: {
          201: reportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const report = await moderation.report(await sessions.requireUser(request), request.params.id, request.body);
      return reply.status(201).send(report);
    },
  );
};
