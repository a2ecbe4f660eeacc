import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoryListSchema,
  categoryCreateAnswerSchema,
  categoryCreateBodySchema,
  categoryDeleteAnswerSchema,
  categoryNameSchema,
  categoryUpdateBodySchema,
} from '../../../common/admin-papers.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { categoryRefSchema } from '../../../common/papers.js';
import type { Sessions } from '../auth/sessions.js';
import type { CategoriesService } from './service.js';

const guarded = { 401: apiErrorSchema, 403: apiErrorSchema };
const nameParams = z.object({
  name: categoryNameSchema.meta({
    description: 'The category name, URL-encoded (a slash as `%2F`).',
    examples: ['Machine Learning'],
  }),
});

/** Category writes: registered inside the admin scope, whose guard runs before validation. */
export const categoriesAdminRoutes: FastifyPluginAsyncZod<{
  categories: CategoriesService;
  sessions: Sessions;
}> = async (app, { categories, sessions }) => {
  const adminId = async (request: Parameters<Sessions['requireAdmin']>[0]) => (await sessions.requireAdmin(request)).id;

  app.get(
    '/admin/categories',
    {
      schema: {
        summary: 'List the categories with their Arabic names and how many papers carry each, sorted by name',
        response: { 200: adminCategoryListSchema, ...guarded },
      },
    },
    async () => categories.listWithPaperCounts(),
  );

  app.post(
    '/categories',
    {
      schema: {
        summary: 'Add a category (an existing name answers created false)',
        body: categoryCreateBodySchema,
        response: {
          200: categoryCreateAnswerSchema.describe('A category of that name exists already: nothing changed.'),
          201: categoryCreateAnswerSchema.describe('The category was added.'),
          400: apiErrorSchema,
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const answer = await categories.create(request.body.name, await adminId(request));
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  );

  app.put(
    '/categories/:name',
    {
      schema: {
        summary: 'Rename a category, set or remove its Arabic name, or both; answers the category',
        params: nameParams,
        body: categoryUpdateBodySchema,
        response: {
          200: categoryRefSchema,
          400: apiErrorSchema,
          ...guarded,
          404: apiErrorSchema,
          409: apiErrorSchema.describe('Another category has the new name (error `category_exists`): nothing changed.'),
        },
      },
    },
    async (request) => categories.update(request.params.name, request.body, await adminId(request)),
  );

  app.delete(
    '/categories/:name',
    {
      schema: {
        summary: 'Remove a category and unlink it from its papers',
        params: nameParams,
        response: { 200: categoryDeleteAnswerSchema, 400: apiErrorSchema, ...guarded, 404: apiErrorSchema },
      },
    },
    async (request) => categories.remove(request.params.name, await adminId(request)),
  );
};
