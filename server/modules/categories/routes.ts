import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryNamesSchema } from '../../../common/papers.js';
import type { CategoriesService } from './service.js';

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.get(
    '/categories',
    { schema: { summary: 'List the category names, sorted', response: { 200: categoryNamesSchema } } },
    async () => categories.listNames(),
  );
};
