import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../errors.js';
import type { Sessions } from '../auth/sessions.js';

/**
 * Everything under /api/admin is for administrators: the guard runs before validation on every route
 * registered here, and an unknown admin path answers 401/403 before it answers 404.
 */
export const adminScope: FastifyPluginAsync<{ sessions: Sessions }> = async (app, { sessions }) => {
  app.addHook('onRequest', async (request) => {
    await sessions.requireAdmin(request);
  });
  app.setNotFoundHandler(async (request) => {
    await sessions.requireAdmin(request);
    throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
};
