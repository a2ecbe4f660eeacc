import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.js';
import type { Sessions } from '../auth/sessions.js';

/**
 * The one scope that holds every administrator route (users, queue, scraping, paper and category
 * writes). Its guard runs on request, before validation, so a visitor gets 401 and a reader 403
 * whatever they send, and learns nothing from validation errors; an unknown path under /api/admin
 * answers 401/403 before it answers 404.
 */
export async function registerAdminScope(
  api: FastifyInstance,
  sessions: Sessions,
  registerRoutes: (admin: FastifyInstance) => Promise<void>,
): Promise<void> {
  await api.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      await sessions.requireAdmin(request);
    });
    await registerRoutes(admin);
    await admin.register(
      async (adminPaths) => {
        adminPaths.setNotFoundHandler(async (request) => {
          throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
        });
      },
      { prefix: '/admin' },
    );
  });
}
