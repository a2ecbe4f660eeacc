import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/errors.js';
import {
  RECOMMENDATIONS_LIMIT,
  RECOMMENDATIONS_LIMIT_MAX,
  recommendationsQuerySchema,
  recommendationsSchema,
} from '../../../common/recommendations.js';
import type { Sessions } from '../auth/sessions.js';
import { RECOMMENDATION_LIMITS, type RecommendationsService } from './service.js';

/** The signed-in reader's "For you": papers like the ones they saved. */
export const recommendationsRoutes: FastifyPluginAsyncZod<{
  recommendations: RecommendationsService;
  sessions: Sessions;
}> = async (app, { recommendations, sessions }) => {
  // onRequest, so that a visitor learns nothing from validation errors.
  app.addHook('onRequest', async (request) => {
    await sessions.requireUser(request);
  });

  app.get(
    '/recommendations',
    {
      schema: {
        summary: 'Papers like the ones I saved',
        description: `Up to \`limit\` papers (1 to ${RECOMMENDATIONS_LIMIT_MAX}, default ${RECOMMENDATIONS_LIMIT}), best first, like the papers I bookmarked, none of them bookmarked; each names in \`because\` the bookmarked paper it is most like. An empty list says why in \`reason\`: \`no_bookmarks\` until I bookmark a paper, \`nothing_alike\` when no other paper is like them. 429 after ${RECOMMENDATION_LIMITS.perReader.max} requests a minute.`,
        querystring: recommendationsQuerySchema,
        response: {
          200: recommendationsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const reader = await sessions.requireUser(request);
      return recommendations.forReader(reader.id, request.query.limit);
    },
  );
};
