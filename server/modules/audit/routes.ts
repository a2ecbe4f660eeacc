import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../common/audit.js';
import { apiErrorSchema } from '../../../common/errors.js';
import type { AuditService } from './service.js';

/** The audit log: read-only; registered inside the admin scope, whose guard runs before validation. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        summary: 'The administrators’ actions, newest first',
        description:
          'Every administrator action (papers, categories, the queue, scraping, users, comments), with who, when, on which object, and the values before and after. Filter by `action`, `actor` and `objectType`/`objectId`; page with `before`, the previous page’s `nextBefore`. No route changes or deletes an entry.',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => audit.page(request.query),
  );
};
