import type { FastifyTypeProvider } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType, output } from 'zod/v4/core';
import { LOCALES } from '../../../common/account-rules.js';
import { coverVersion } from '../../../common/cover.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { MAX_PAGE_LIMIT } from '../../../common/page-window.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { paperCategoriesSchema, paperDetailSchema, paperListSchema } from '../../../common/papers.js';
import { paperSortSchema } from '../../../common/popularity.js';
import { sendEncoded } from '../../http/encoded-body.js';
import { coverEtag, renderCoverSvg } from './cover.js';
import { paperPaths, paperRefOf } from './paper-paths.js';
import type { PapersService } from './service.js';

/**
 * The service answers papers as JSON it has already serialised through the route's response schema,
 * and caches those bytes with their compressed encodings: a route may send them, and Fastify sends a
 * string or a Buffer as it is.
 */
interface PreSerialisedZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? output<this['schema']> : unknown;
  serializer: (this['schema'] extends $ZodType ? output<this['schema']> : unknown) | string | Buffer;
}

const listQuery = z.object({
  page: positiveIntParam.default(1),
  limit: positiveIntParam.pipe(z.number().max(MAX_PAGE_LIMIT, `must be at most ${MAX_PAGE_LIMIT}`)).default(10),
  category: z.string().trim().min(1).max(200).optional(),
  sort: paperSortSchema.default('newest').meta({
    description:
      'newest: most recently submitted first. popular: most saved and commented in the last 7 days first, each save or comment counting half as much every 3 days; each paper then carries thisWeek (its saves and comments of the 7 days); papers with the same score, then those without activity, newest first.',
  }),
});

const idErrors = { 400: apiErrorSchema, 404: apiErrorSchema };
const sendJson = 'application/json; charset=utf-8';

const coverQuery = z.object({
  v: z.string().max(40).optional().meta({ description: 'The cover’s version, as the site’s pages give it.' }),
  lang: z
    .enum(LOCALES)
    .default('en')
    .meta({ description: 'The language of the page: the category is printed in it when it has a name in it.' }),
});
/** A cover at the URL of its version never changes: an edit gives the paper's cover another URL. */
const VERSIONED_COVER = 'public, max-age=31536000, immutable';
/** At the plain URL (or an old version's) the cover changes with the paper: kept briefly, then revalidated. */
const CHANGING_COVER = 'public, max-age=300';

export const papersRoutes: FastifyPluginAsyncZod<{ papers: PapersService }> = async (zodApp, { papers }) => {
  const app = zodApp.withTypeProvider<PreSerialisedZodTypeProvider>();

  app.get(
    '/papers',
    {
      schema: {
        summary: 'List papers, newest or most popular first',
        querystring: listQuery,
        response: { 200: paperListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { page, limit, category, sort } = request.query;
      return sendEncoded(request, reply.type(sendJson), await papers.listJson(page, limit, category, sort));
    },
  );

  for (const { segments, naming, params } of paperPaths) {
    app.get(
      `/papers/${segments}`,
      { schema: { summary: `Get a paper ${naming}`, params, response: { 200: paperDetailSchema, ...idErrors } } },
      async (request, reply) =>
        sendEncoded(request, reply.type(sendJson), await papers.detailJson(paperRefOf(request.params))),
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
          description:
            'An SVG image (640 × 360). At the URL with `v` (the version the site puts in its pages) it is cached for a year; at the plain URL, or an older version’s, for 5 minutes, then revalidated with its ETag in If-None-Match.',
          tags: ['papers'],
          params,
          querystring: coverQuery,
          response: {
            200: { content: { 'image/svg+xml': { schema: z.string() } } },
            304: z.undefined().describe('The cover is unchanged: the ETag sent in If-None-Match is current.'),
            ...idErrors,
          },
        },
      },
      async (request, reply) => {
        const coverInput = await papers.coverInput(paperRefOf(request.params), request.query.lang);
        const etag = coverEtag(coverInput);
        reply
          .header('Cache-Control', request.query.v === coverVersion(coverInput) ? VERSIONED_COVER : CHANGING_COVER)
          .header('ETag', etag)
          .header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send(undefined);
        return reply.type('image/svg+xml').send(renderCoverSvg(coverInput));
      },
    );
  }
};
