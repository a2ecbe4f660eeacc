import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookmarkedPapersPageSchema,
  bookmarkedPapersQuerySchema,
  bookmarkedSchema,
  bookmarkListSchema,
  bookmarkSchema,
} from '../../../common/bookmarks.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { positiveIntParam } from '../../../common/pagination.js';
import type { Sessions } from '../auth/sessions.js';
import { paperPaths, paperRefOf } from '../papers/paper-paths.js';
import type { BookmarksService } from './service.js';

const idParams = z.object({ id: positiveIntParam.meta({ description: 'The id of the bookmark.' }) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
/** Writes from another site's page are refused (403) before anything else. */
const writeErrors = { ...errors, 403: apiErrorSchema };

/** The signed-in reader's own bookmarks: every route needs a verified account and acts on its bookmarks only. */
export const bookmarksRoutes: FastifyPluginAsyncZod<{ bookmarks: BookmarksService; sessions: Sessions }> = async (
  app,
  { bookmarks, sessions },
) => {
  // onRequest, so that a visitor learns nothing from validation errors.
  app.addHook('onRequest', async (request) => {
    await sessions.requireUser(request);
  });
  const userIdOf = async (request: FastifyRequest) => (await sessions.requireUser(request)).id;

  app.get(
    '/bookmarks',
    { schema: { summary: 'List my bookmarks, newest first', response: { 200: bookmarkListSchema, ...errors } } },
    async (request) => bookmarks.list(await userIdOf(request)),
  );

  app.get(
    '/bookmarks/papers',
    {
      schema: {
        summary: 'A page of my bookmarks with their papers, newest first',
        description:
          'Each bookmark with its paper’s card, categories included: a page of the bookmarks screen in one request. Pass the `nextCursor` answered (null on the last page) for the next page; bookmarks added meanwhile do not shift it.',
        querystring: bookmarkedPapersQuerySchema,
        response: { 200: bookmarkedPapersPageSchema, ...errors },
      },
    },
    async (request) => bookmarks.papersPage(await userIdOf(request), request.query),
  );

  for (const { segments, naming, params } of paperPaths) {
    app.get(
      `/bookmarks/${segments}`,
      {
        schema: {
          summary: `Whether I bookmarked a paper named ${naming}`,
          description: 'Answers `true` when bookmarked, 404 when not.',
          params,
          response: { 200: bookmarkedSchema, ...errors },
        },
      },
      async (request) => bookmarks.isBookmarked(await userIdOf(request), paperRefOf(request.params)),
    );

    app.post(
      `/bookmarks/${segments}`,
      {
        schema: {
          summary: `Bookmark a paper named ${naming}`,
          params,
          response: { 201: bookmarkSchema, ...writeErrors, 409: apiErrorSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await bookmarks.add(await userIdOf(request), paperRefOf(request.params))),
    );
  }

  app.delete(
    '/bookmarks/:id',
    {
      schema: {
        summary: 'Remove one of my bookmarks',
        description: 'Answers the removed bookmark. Another reader’s bookmark is not found.',
        params: idParams,
        response: { 200: bookmarkSchema, ...writeErrors },
      },
    },
    async (request) => bookmarks.remove(await userIdOf(request), request.params.id),
  );
};
