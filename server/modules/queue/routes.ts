import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/errors.js';
import { MAX_PAGE_LIMIT } from '../../../common/page-window.js';
import { positiveIntParam } from '../../../common/pagination.js';
import {
  processNowAnswerSchema,
  queueActionAnswerSchema,
  queueListSchema,
  queueSearchSchema,
  scrapeAnswerSchema,
  scrapeBodySchema,
} from '../../../common/queue.js';
import type { Sessions } from '../auth/sessions.js';
import { arxivIdOf, arxivIdPaths } from '../papers/admin-arxiv-paths.js';
import type { Scrape } from './scrape.js';
import type { QueueService } from './service.js';

const listQuery = z.object({
  page: positiveIntParam.default(1),
  limit: positiveIntParam.pipe(z.number().max(MAX_PAGE_LIMIT, `must be at most ${MAX_PAGE_LIMIT}`)).default(20),
});

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

  for (const { segments, params } of arxivIdPaths) {
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

    for (const [action, summary, run] of [
      ['move-first', 'Put a queued paper first (a parked one is retried)', queue.moveFirst],
      ['move-last', 'Put a queued paper last', queue.moveLast],
    ] as const) {
      app.put(
        `/queue/${segments}/${action}`,
        { schema: { summary, tags, params, response: { 200: queueActionAnswerSchema, ...errors } } },
        async (request) => run(arxivIdOf(request.params), (await sessions.requireAdmin(request)).id),
      );
    }

    app.post(
      `/queue/${segments}/process-now`,
      {
        schema: {
          summary: 'Process a queued paper now, ahead of the rest',
          description:
            'outcome `started`: no worker holds another paper, so it is taken now; `queued_next`: the workers are busy and it is taken next.',
          tags,
          params,
          response: { 200: processNowAnswerSchema, ...errors },
        },
      },
      async (request) => queue.processNow(arxivIdOf(request.params), (await sessions.requireAdmin(request)).id),
    );

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
      async (request) => queue.remove(arxivIdOf(request.params), (await sessions.requireAdmin(request)).id),
    );
  }

  app.post(
    '/admin/scrape',
    {
      schema: {
        summary:
          'Fetch a paper from arXiv by id or URL and queue it; a paper in the digest is answered without asking arXiv',
        tags,
        body: scrapeBodySchema,
        response: {
          200: scrapeAnswerSchema,
          ...errors,
          409: apiErrorSchema.describe(
            'An admin deleted the paper (error `paper_deleted`): restore it with DELETE /api/admin/deleted-papers/{arxivId} first',
          ),
          502: apiErrorSchema.describe(
            'arXiv answered with an error (`arxiv_error`), or this server cannot connect to arXiv at all (`arxiv_unreachable`: no DNS answer, connection refused)',
          ),
          503: apiErrorSchema.describe('arXiv is busy or did not answer in time (`arxiv_unavailable`)'),
        },
      },
    },
    async (request) => scrape(request.body, (await sessions.requireAdmin(request)).id),
  );
};
