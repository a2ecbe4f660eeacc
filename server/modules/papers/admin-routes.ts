import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paperCategoriesBodySchema,
  paperDeleteAnswerSchema,
  paperUpdateBodySchema,
} from '../../../common/admin-papers.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { paperCategoriesSchema, paperDetailSchema } from '../../../common/papers.js';
import type { PaperAdminService } from './admin-service.js';
import { paperPaths, paperRefOf } from './paper-paths.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Paper writes: registered inside the admin scope, whose guard runs before validation. */
export const papersAdminRoutes: FastifyPluginAsyncZod<{ paperAdmin: PaperAdminService }> = async (
  app,
  { paperAdmin },
) => {
  for (const { segments, naming, params } of paperPaths) {
    app.put(
      `/papers/${segments}`,
      {
        schema: {
          summary: `Edit a paper ${naming}`,
          description:
            'The summary may be an object or JSON text; text that does not parse or match the summary answers 400 "Error parsing summary JSON". Answers the paper as it now is.',
          params,
          body: paperUpdateBodySchema,
          response: { 200: paperDetailSchema, ...errors },
        },
      },
      async (request) => paperAdmin.update(paperRefOf(request.params), request.body),
    );

    app.delete(
      `/papers/${segments}`,
      {
        schema: {
          summary: `Delete a paper ${naming}, with its bookmarks, comments and category links`,
          params,
          response: { 200: paperDeleteAnswerSchema, ...errors },
        },
      },
      async (request) => {
        await paperAdmin.remove(paperRefOf(request.params));
        return { message: 'Paper deleted' };
      },
    );

    app.post(
      `/papers/${segments}/categories`,
      {
        schema: {
          summary: `Set the categories of a paper ${naming} (new names are created)`,
          params,
          body: paperCategoriesBodySchema,
          response: { 200: paperCategoriesSchema, ...errors },
        },
      },
      async (request) => paperAdmin.setCategories(paperRefOf(request.params), request.body.categories),
    );
  }
};
