import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema, categoryNamesSchema } from '../../../common/papers.js';
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

  app.get(
    '/categories/names',
    {
      schema: {
        summary: 'List the categories with their Arabic names, sorted by name',
        description: '`nameAr` is null for a category without an Arabic name; readers of Arabic then see `name`.',
        response: { 200: categoryListSchema },
      },
    },
    async () => categories.listWithArabicNames(),
  );
};
