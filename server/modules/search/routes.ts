import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/errors.js';
import { paperMatchesSchema, semanticSearchBodySchema } from '../../../common/search.js';
import {
  RELATED_PAPERS_LIMIT,
  SEARCH_OFFSET_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TOP_K_MAX,
} from '../../../common/search-rules.js';
import { paperPaths, paperRefOf } from '../papers/paper-paths.js';
import { SEARCH_LIMITS, type SearchService } from './service.js';

/** Search over the papers, and the papers related to one. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.post(
    '/papers/semantic',
    {
      // Control characters, NUL included, are dropped from the query's terms.
      config: { acceptsNulText: true },
      schema: {
        summary: 'Search papers',
        description: `Papers ranked by a fusion of full-text relevance (the title counting most) and the similarity of their embeddings to the query's, so exact terms (model names, acronyms, authors) and questions in other words both find their papers. A query that is an arXiv id or link answers that paper first. \`query\` is 1 to ${SEARCH_QUERY_MAX_LENGTH} characters after trimming; \`top_k\` is 1 to ${SEARCH_TOP_K_MAX}. With \`category\`, only that category's papers are ranked, so its best matches fill the answer. \`offset\` (0 to ${SEARCH_OFFSET_MAX}) skips that many of the best matches: the next \`top_k\` of the same ranking. 429 after ${SEARCH_LIMITS.searchesPerClient.max} searches a minute from one client.`,
        body: semanticSearchBodySchema,
        response: { 200: paperMatchesSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { query, top_k, category, offset } = request.body;
      return search.searchAsClient(request.ip, query, top_k, { category, offset });
    },
  );

  for (const { segments, naming, params } of paperPaths) {
    app.get(
      `/papers/${segments}/related`,
      {
        schema: {
          summary: `Get the papers related to a paper ${naming}`,
          description: `At most ${RELATED_PAPERS_LIMIT} papers, best first, the paper itself excluded: those sharing the most distinctive words of its title and abstract, joined by its nearest papers by embedding where it has one.`,
          params,
          response: { 200: paperMatchesSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => search.related(paperRefOf(request.params)),
    );
  }
};
