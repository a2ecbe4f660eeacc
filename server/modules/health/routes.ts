import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema } from '../../../common/health.js';
import type { DbHandle } from '../../db/connect.js';
import { currentMigration } from '../../db/migrate.js';
import type { PapersRepo } from '../papers/repo.js';
import type { SearchService } from '../search/service.js';

export const healthRoutes: FastifyPluginAsyncZod<{
  handle: DbHandle;
  papersRepo: PapersRepo;
  search: Pick<SearchService, 'status'>;
}> = async (app, { handle, papersRepo, search }) => {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async () => {
    const [migration, stats, searchStatus] = await Promise.all([
      currentMigration(handle),
      papersRepo.stats(),
      search.status(),
    ]);
    return { status: 'ok' as const, dialect: handle.dialect, migration, papers: stats.total, search: searchStatus };
  });

  // Liveness without touching the database; also the benchmarks' baseline route.
  app.get('/health/live', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
};
