import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PaperRef, parsePaperRef } from '../../../common/arxiv-id.js';
import { MAX_PAGE_LIMIT } from '../../../common/page-window.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { categoryRefSchema } from '../../../common/papers.js';
import { badRequest } from '../../errors.js';
import { coverEtag, renderCoverSvg } from './cover.js';
import type { PapersService } from './service.js';

const listQuery = z.object({
  page: positiveIntParam.default(1),
  limit: positiveIntParam.pipe(z.number().max(MAX_PAGE_LIMIT, `must be at most ${MAX_PAGE_LIMIT}`)).default(10),
  category: z.string().trim().min(1).max(200).optional(),
});

const wildcardParams = z.object({ '*': z.string() });

/** Old-style ids contain a slash (`math/9501234`), so paper paths are matched as a tail and split here. */
function paperRefFrom(tail: string): PaperRef {
  const ref = parsePaperRef(tail);
  if (!ref) throw badRequest(`"${tail}" is not a paper id or an arXiv id`, { arxivId: ['malformed id'] });
  return ref;
}

export const papersRoutes: FastifyPluginAsyncZod<{ papers: PapersService }> = async (app, { papers }) => {
  app.get(
    '/papers',
    // No response schema: the service serialises the answer through paperListSchema (and caches it).
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const { page, limit, category } = request.query;
      return reply.type('application/json; charset=utf-8').send(await papers.listJson(page, limit, category));
    },
  );

  app.get(
    '/papers/*',
    // No response schema: the service serialises papers through paperDetailSchema (and caches them).
    { schema: { params: wildcardParams } },
    async (request, reply) => {
      const tail = request.params['*'];
      const categoriesOf = /^(.+)\/categories$/.exec(tail)?.[1];
      const json =
        categoriesOf === undefined
          ? await papers.detailJson(paperRefFrom(tail))
          : JSON.stringify(
              z.array(categoryRefSchema).parse(await papers.categoriesOfPaper(paperRefFrom(categoriesOf))),
            );
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/image/*',
    // No response schema: the body is SVG text, which the JSON serializer must not touch.
    { schema: { params: wildcardParams } },
    async (request, reply) => {
      const arxivId = /^(.+)\/data$/.exec(request.params['*'])?.[1];
      if (arxivId === undefined) throw badRequest('Cover paths end in /data');
      const coverInput = await papers.coverInput(paperRefFrom(arxivId));
      const etag = coverEtag(coverInput);
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/svg+xml').send(renderCoverSvg(coverInput));
    },
  );
};
