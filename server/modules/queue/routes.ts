import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseArxivId } from '../../../common/arxiv-id.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { MAX_PAGE_LIMIT } from '../../../common/page-window.js';
import { positiveIntParam } from '../../../common/pagination.js';
import {
  queueActionAnswerSchema,
  queueListSchema,
  queueSearchSchema,
  scrapeAnswerSchema,
  scrapeBodySchema,
} from '../../../common/queue.js';
import { badRequest } from '../../errors.js';
import type { Sessions } from '../auth/sessions.js';
import type { Scrape } from './scrape.js';
import type { QueueService } from './service.js';

const listQuery = z.object({
  page: positiveIntParam.default(1),
  limit: positiveIntParam.pipe(z.number().max(MAX_PAGE_LIMIT, `must be at most ${MAX_PAGE_LIMIT}`)).default(20),
});

/** An arXiv id in a path: one segment (an old-style id's slash encoded), or archive and number as two. */
const idPaths = [
  {
    segments: ':arxivId',
    params: z.object({
      arxivId: z
        .string()
        .meta({ description: 'An arXiv id (`2312.00326`, `math%2F9501234`)', examples: ['2312.00326'] }),
    }),
  },
  {
    segments: ':archive/:number',
    params: z.object({
      archive: z.string().meta({ description: 'The archive of an old-style arXiv id', examples: ['math'] }),
      number: z.string().meta({ description: 'The number of an old-style arXiv id', examples: ['9501234'] }),
    }),
  },
] as const;

function arxivIdOf(params: { arxivId: string } | { archive: string; number: string }): string {
  const text = 'arxivId' in params ? params.arxivId : `${params.archive}/${params.number}`;
  const parsed = parseArxivId(text);
  if (!parsed) throw badRequest(`"${text}" is not an arXiv id`, { arxivId: ['malformed id'] });
  return parsed.arxivId;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['queue'];

/** The processing queue and the scraper: registered inside the admin scope, whose guard runs first. */
export const queueRoutes: FastifyPluginAsyncZod<{ queue: QueueService; scrape: Scrape; sessions: Sessions }> = async (
  app,
  { queue, scrape, sessions },
) => {
  app.get(
    '/queue',
    {
      schema: {
        summary: 'The queue in processing order, with counts by state',
        tags,
        querystring: listQuery,
        response: { 200: queueListSchema, ...errors },
      },
    },
    async (request) => queue.list(request.query.page, request.query.limit),
  );

  for (const { segments, params } of idPaths) {
    app.get(
      `/queue/search/${segments}`,
      {
        schema: {
          summary: 'Whether a paper is in the queue, processed, or neither (200 in every case)',
          tags,
          params,
          response: { 200: queueSearchSchema, ...errors },
        },
      },
      async (request) => queue.search(arxivIdOf(request.params)),
    );

    for (const [method, action, summary, run] of [
      ['PUT', 'move-first', 'Put a queued paper first (a parked one is retried)', queue.moveFirst],
      ['PUT', 'move-last', 'Put a queued paper last', queue.moveLast],
      ['POST', 'process-now', 'Process a queued paper now, ahead of the rest', queue.processNow],
    ] as const) {
      app.route({
        method,
        url: `/queue/${segments}/${action}`,
        schema: { summary, tags, params, response: { 200: queueActionAnswerSchema, ...errors } },
        handler: async (request) => run(arxivIdOf(request.params)),
      });
    }

    app.delete(
      `/queue/${segments}`,
      {
        schema: {
          summary: 'Remove a paper from the queue',
          tags,
          params,
          response: { 200: queueActionAnswerSchema, ...errors },
        },
      },
      async (request) => queue.remove(arxivIdOf(request.params)),
    );
  }

  app.post(
    '/admin/scrape',
    {
      schema: {
        summary: 'Fetch a paper from arXiv by id or URL and queue it',
        tags,
        body: scrapeBodySchema,
        response: {
          200: scrapeAnswerSchema,
          ...errors,
          502: apiErrorSchema.describe('arXiv answered with an error'),
          503: apiErrorSchema.describe('arXiv cannot be reached'),
        },
      },
    },
    async (request) => scrape(request.body, (await sessions.requireAdmin(request)).id),
  );
};
