import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_COMMENT_HTML_LENGTH } from '../../../common/comment-rules.js';
import {
  commentEditBodySchema,
  commentListSchema,
  commentPageQuerySchema,
  commentPageSchema,
  commentSchema,
  newCommentBodySchema,
} from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { jsonBodyLimit } from '../../http/body-limits.js';
import type { Sessions } from '../auth/sessions.js';
import type { CommentsService } from './service.js';

const paperParams = z.object({ paperId: positiveIntParam.meta({ description: 'The numeric id of the paper.' }) });
const commentParams = z.object({ id: positiveIntParam });

/** Comments on papers: anyone reads them; signed-in readers write, and edit and delete their own. */
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
        description:
          'A comment a moderator removed is listed only to its author, with `removal` (when, and the reason); it is no longer counted. A comment whose author deleted their account has `userId` null and the name "deleted user".',
        params: paperParams,
        response: { 200: commentListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => comments.listOfPaper(request.params.paperId, await sessions.current(request)),
  );

  app.get(
    '/comments/:paperId/page',
    {
      schema: {
        summary: "A page of a paper's comments",
        description:
          'Newest first, or oldest first with `order=oldest`; ties in time go by id. Answers the comments, the paper’s comment count, and the `nextCursor` to pass for the next page (null on the last). Comments written after the first page was asked for do not shift the later pages.',
        params: paperParams,
        querystring: commentPageQuerySchema,
        response: { 200: commentPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => comments.pageOfPaper(request.params.paperId, request.query, await sessions.current(request)),
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
    async (request) => comments.find(request.params.id, await sessions.current(request)),
  );

  app.post(
    '/comments',
    {
      bodyLimit: jsonBodyLimit(MAX_COMMENT_HTML_LENGTH),
      onRequest: signedIn,
      schema: {
        summary: 'Write a comment',
        description:
          'Signed-in readers only. The author is the session user, whatever `userId` and `name` say; the HTML is stored sanitised (paragraphs, emphasis, lists, colours, http/https/mailto/tel links, images uploaded here); it may show only images its author uploaded (403 `foreign_image` otherwise). 429 after 10 comments a minute.',
        body: newCommentBodySchema,
        response: {
          201: commentSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
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

  app.patch(
    '/comments/:id',
    {
      bodyLimit: jsonBodyLimit(MAX_COMMENT_HTML_LENGTH),
      onRequest: signedIn,
      schema: {
        summary: 'Edit one of your comments',
        description:
          'Its author only (403 for anyone else, administrators included). The new HTML follows the rules of a new comment: stored sanitised, not empty; uploaded images it no longer shows are removed like those of a deleted comment. The comment keeps its place and answers `editedAt`. 409 `comment_removed` for a comment a moderator removed. 429 after 10 comments and edits a minute.',
        params: commentParams,
        body: commentEditBodySchema,
        response: {
          200: commentSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => comments.edit(await sessions.requireUser(request), request.params.id, request.body),
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
