import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentListSchema, commentSchema, newCommentBodySchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { positiveIntParam } from '../../../common/pagination.js';
import type { Sessions } from '../auth/sessions.js';
import type { CommentsService } from './service.js';

const paperParams = z.object({ paperId: positiveIntParam.meta({ description: 'The numeric id of the paper.' }) });
const commentParams = z.object({ id: positiveIntParam });

/** Comments on papers: anyone reads them; signed-in readers write, and delete their own. */
export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService; sessions: Sessions }> = async (
  app,
  { comments, sessions },
) => {
  // onRequest, so that a visitor learns nothing from validation errors and sends no body for nothing.
  const signedIn = async (request: Parameters<Sessions['requireUser']>[0]) => {
    await sessions.requireUser(request);
  };

  app.get(
    '/comments/:paperId',
    {
      schema: {
        summary: "A paper's comments, newest first",
        params: paperParams,
        response: { 200: commentListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => comments.listOfPaper(request.params.paperId),
  );

  app.get(
    '/comments/comment/:id',
    {
      schema: {
        summary: 'One comment, with the paper it belongs to',
        description: 'What the link a comment shares opens: its `paperId` names the paper to show.',
        params: commentParams,
        response: { 200: commentSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => comments.find(request.params.id),
  );

  app.post(
    '/comments',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Write a comment',
        description:
          'Signed-in readers only. The author is the session user, whatever `userId` and `name` say; the HTML is stored sanitised (paragraphs, emphasis, lists, colours, http/https/mailto/tel links, images uploaded here). 429 after 10 comments a minute.',
        body: newCommentBodySchema,
        response: {
          201: commentSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const comment = await comments.create(await sessions.requireUser(request), request.body);
      return reply.status(201).send(comment);
    },
  );

  app.delete(
    '/comments/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Delete one of your comments',
        description: 'Answers the deleted comment. Only its author may delete a comment.',
        params: commentParams,
        response: {
          200: commentSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => comments.remove(await sessions.requireUser(request), request.params.id),
  );
};
