import type { FastifyTypeProvider } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType, output } from 'zod/v4/core';
import { apiErrorSchema } from '../../../common/errors.js';
import { MAX_PAGE_LIMIT } from '../../../common/page-window.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { paperCategoriesSchema, paperDetailSchema, paperListSchema } from '../../../common/papers.js';
import { coverEtag, renderCoverSvg } from './cover.js';
import { paperPaths, paperRefOf } from './paper-paths.js';
import type { PapersService } from './service.js';

/**
 * The service answers papers as JSON it has already serialised through the route's response schema,
 * and caches that text: a route may send it, and Fastify sends a string with a JSON type as it is.
 */
interface PreSerialisedZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? output<this['schema']> : unknown;
  serializer: (this['schema'] extends $ZodType ? output<this['schema']> : unknown) | string;
}

const listQuery = z.object({
  page: positiveIntParam.default(1),
  limit: positiveIntParam.pipe(z.number().max(MAX_PAGE_LIMIT, `must be at most ${MAX_PAGE_LIMIT}`)).default(10),
  category: z.string().trim().min(1).max(200).optional(),
});

const idErrors = { 400: apiErrorSchema, 404: apiErrorSchema };
const sendJson = 'application/json; charset=utf-8';

export const papersRoutes: FastifyPluginAsyncZod<{ papers: PapersService }> = async (zodApp, { papers }) => {
  const app = zodApp.withTypeProvider<PreSerialisedZodTypeProvider>();

  app.get(
    '/papers',
    {
      schema: {
        summary: 'List papers, newest first',
        querystring: listQuery,
        response: { 200: paperListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { page, limit, category } = request.query;
      return reply.type(sendJson).send(await papers.listJson(page, limit, category));
    },
  );

  for (const { segments, naming, params } of paperPaths) {
    app.get(
      `/papers/${segments}`,
      { schema: { summary: `Get a paper ${naming}`, params, response: { 200: paperDetailSchema, ...idErrors } } },
      async (request, reply) => reply.type(sendJson).send(await papers.detailJson(paperRefOf(request.params))),
    );

    app.get(
      `/papers/${segments}/categories`,
      {
        schema: {
          summary: `Get the categories of a paper ${naming}`,
          params,
          response: { 200: paperCategoriesSchema, ...idErrors },
        },
      },
      async (request) => papers.categoriesOfPaper(paperRefOf(request.params)),
    );

    app.get(
      `/image/${segments}/data`,
      {
        schema: {
          summary: `Get the cover image of a paper ${naming}`,
          description: 'An SVG image (640 × 360), cached for a year; revalidate with its ETag in If-None-Match.',
          tags: ['papers'],
          params,
          response: {
            200: { content: { 'image/svg+xml': { schema: z.string() } } },
            304: z.undefined().describe('The cover is unchanged: the ETag sent in If-None-Match is current.'),
            ...idErrors,
          },
        },
      },
      async (request, reply) => {
        const coverInput = await papers.coverInput(paperRefOf(request.params));
        const etag = coverEtag(coverInput);
        reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('ETag', etag)
          .header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send(undefined);
        return reply.type('image/svg+xml').send(renderCoverSvg(coverInput));
      },
    );
  }
};
