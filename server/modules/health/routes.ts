import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/errors.js';
import { healthSchema, readinessSchema } from '../../../common/health.js';
import type { DbHandle } from '../../db/connect.js';
import { currentMigration } from '../../db/migrate.js';
import type { PapersRepo } from '../papers/repo.js';
import type { SearchService } from '../search/service.js';
import { embeddingProgress } from './embedding-progress.js';
import { checkReadiness } from './readiness.js';

export const healthRoutes: FastifyPluginAsyncZod<{
  handle: DbHandle;
  papersRepo: PapersRepo;
  search: Pick<SearchService, 'status'>;
}> = async (app, { handle, papersRepo, search }) => {
  app.get(
    '/health',
    { schema: { summary: 'The database, migration, papers and search index in use', response: { 200: healthSchema } } },
    async () => {
      const [migration, stats, searchStatus] = await Promise.all([
        currentMigration(handle),
        papersRepo.stats(),
        search.status(),
      ]);
      return {
        status: 'ok' as const,
        dialect: handle.dialect,
        migration,
        papers: stats.total,
        search: { ...searchStatus, embedded: await embeddingProgress(handle.db, searchStatus) },
      };
    },
  );

  // Liveness without touching the database; also the benchmarks' baseline route.
  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Whether the process is up',
        description:
          'Answers without touching the database: for a liveness check, which restarts a process that fails it.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary: 'Whether the process can serve now',
        description:
          'For a readiness check, which sends requests only to processes that pass it: 200 when the database answers within 2 seconds and has every migration of this version, else 503 `unavailable` with `Retry-After`.',
        response: { 200: readinessSchema, 503: apiErrorSchema },
      },
    },
    async (request) => ({ status: 'ok' as const, ...(await checkReadiness(handle, request.log)) }),
  );
};
