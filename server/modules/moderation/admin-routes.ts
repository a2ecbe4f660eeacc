import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentSchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import {
  adminCommentListQuerySchema,
  adminCommentListSchema,
  dismissReportsAnswerSchema,
  removeCommentBodySchema,
} from '../../../common/moderation.js';
import { positiveIntParam } from '../../../common/pagination.js';
import type { Sessions } from '../auth/sessions.js';
import type { ModerationService } from './service.js';

const commentParams = z.object({ id: positiveIntParam.meta({ description: 'The id of the comment.' }) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Comment moderation: registered inside the admin scope, whose guard runs before validation. */
export const moderationAdminRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  sessions: Sessions;
}> = async (app, { moderation, sessions }) => {
  app.get(
    '/admin/comments',
    {
      schema: {
        summary: 'Recent comments, those with open reports first, with their reports',
        description:
          'Comments no moderator removed. `reported=true`: only those with open reports; `paperId` and `authorId` filter by paper and by author.',
        querystring: adminCommentListQuerySchema,
        response: { 200: adminCommentListSchema, ...errors },
      },
    },
    async (request) => moderation.list(request.query),
  );

  app.delete(
    '/admin/comments/:id',
    {
      schema: {
        summary: 'Remove a comment as a moderator',
        description:
          'The comment disappears for everyone but its author, who sees it marked removed, with the optional reason; it no longer counts, and its images no other comment shows answer 410. Answers the comment as its author now sees it. 404 for a comment unknown or already removed. The body may be left out.',
        params: commentParams,
        body: removeCommentBodySchema.nullish(),
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) =>
      moderation.remove(await sessions.requireAdmin(request), request.params.id, request.body?.reason ?? null),
  );

  app.post(
    '/admin/comments/:id/dismiss-reports',
    {
      schema: {
        summary: "Dismiss a comment's open reports, leaving the comment as it is",
        params: commentParams,
        response: { 200: dismissReportsAnswerSchema, ...errors },
      },
    },
    async (request) => moderation.dismissReports(await sessions.requireAdmin(request), request.params.id),
  );
};
