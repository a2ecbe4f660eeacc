import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DbHandle } from './db/connect.js';
import { registerErrorHandler } from './errors.js';
import { createCategoriesRepo } from './modules/categories/repo.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { createCategoriesService } from './modules/categories/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createPapersRepo } from './modules/papers/repo.js';
import { papersRoutes } from './modules/papers/routes.js';
import { createPapersService } from './modules/papers/service.js';
import { registerWebApp } from './web-static.js';

export interface AppOptions {
  config: AppConfig;
  handle: DbHandle;
  /** The built SPA (dist/web). */
  webDir: string;
}

/** The whole HTTP app, without listening: main.ts listens, tests use inject() or listen on port 0. */
export async function buildApp({ config, handle, webDir }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(compress, { threshold: 1024 });

  const papersRepo = createPapersRepo(handle.db);
  const papers = createPapersService(papersRepo);
  const categories = createCategoriesService(createCategoriesRepo(handle.db));

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { handle, papersRepo });
      await api.register(papersRoutes, { papers });
      await api.register(categoriesRoutes, { categories });
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, webDir, config.site);
  return app;
}
