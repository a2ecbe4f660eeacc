import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedPaperEraseAnswerSchema,
  deletedPaperListSchema,
  deletedPaperRestoreAnswerSchema,
  paperCategoriesBodySchema,
  paperDeleteAnswerSchema,
  paperUpdateBodySchema,
} from '../../../common/admin-papers.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { pageLimitParam } from '../../../common/keyset-page.js';
import { MAX_PAGE_LIMIT } from '../../../common/page-window.js';
import { positiveIntParam } from '../../../common/pagination.js';
import { DELETED_PAPERS_PAGE_SIZE } from '../../../common/paper-rules.js';
import { paperCategoriesSchema, paperDetailSchema } from '../../../common/papers.js';
import { jsonBodyLimit } from '../../http/body-limits.js';
import type { Sessions } from '../auth/sessions.js';
import { arxivIdOf, arxivIdPaths } from './admin-arxiv-paths.js';
import type { PaperAdminService } from './admin-service.js';
import { paperPaths, paperRefOf } from './paper-paths.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** An edit's texts at their longest: title 1,000, PDF link 2,000, abstract 20,000 and summary JSON 100,000. */
const PAPER_EDIT_BODY_LIMIT = jsonBodyLimit(1_000 + 2_000 + 20_000 + 100_000);

const deletedListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9./-]*$/, 'may hold only the letters, digits, dots, slashes and hyphens of an arXiv id')
    .default('')
    .meta({ description: 'The start of an arXiv id (`2202.12`); all deleted ids when empty.', examples: ['2202'] }),
  page: positiveIntParam.default(1),
  limit: pageLimitParam(MAX_PAGE_LIMIT).default(DELETED_PAPERS_PAGE_SIZE),
});

/** Paper writes: registered inside the admin scope, whose guard runs before validation. */
export const papersAdminRoutes: FastifyPluginAsyncZod<{ paperAdmin: PaperAdminService; sessions: Sessions }> = async (
  app,
  { paperAdmin, sessions },
) => {
  for (const { segments, naming, params } of paperPaths) {
    app.put(
      `/papers/${segments}`,
      {
        bodyLimit: PAPER_EDIT_BODY_LIMIT,
        schema: {
          summary: `Edit a paper ${naming}`,
          description:
            'The summary may be an object or JSON text; text that does not parse or match the summary answers 400 "Error parsing summary JSON". Answers the paper as it now is.',
          params,
          body: paperUpdateBodySchema,
          response: { 200: paperDetailSchema, ...errors },
        },
      },
      async (request) =>
        paperAdmin.update(paperRefOf(request.params), request.body, (await sessions.requireAdmin(request)).id),
    );

    app.delete(
      `/papers/${segments}`,
      {
        schema: {
          summary: `Delete a paper ${naming} into the recycle bin: hidden from readers, kept with its bookmarks and comments`,
          description:
            'Every reader surface answers as if it were gone; its queue item goes. Its arXiv id is remembered as deleted (by whom, when): import, scraping and the scheduled ingest skip it. An admin restores it whole (DELETE /api/admin/deleted-papers/{arxivId}) or deletes it permanently (DELETE /api/admin/deleted-papers/{arxivId}/paper).',
          params,
          response: { 200: paperDeleteAnswerSchema, ...errors },
        },
      },
      async (request) => {
        await paperAdmin.remove(paperRefOf(request.params), (await sessions.requireAdmin(request)).id);
        return { message: 'Paper deleted' };
      },
    );

    app.post(
      `/papers/${segments}/categories`,
      {
        schema: {
          summary: `Set the categories of a paper ${naming} (new names are created)`,
          params,
          body: paperCategoriesBodySchema,
          response: { 200: paperCategoriesSchema, ...errors },
        },
      },
      async (request) =>
        paperAdmin.setCategories(
          paperRefOf(request.params),
          request.body.categories,
          (await sessions.requireAdmin(request)).id,
        ),
    );
  }

  app.get(
    '/admin/deleted-papers',
    {
      schema: {
        summary: 'The arXiv ids admins deleted, with who and when, newest first',
        querystring: deletedListQuery,
        response: { 200: deletedPaperListSchema, ...errors },
      },
    },
    async (request) => paperAdmin.listDeleted(request.query.q, request.query.page, request.query.limit),
  );

  for (const { segments, params } of arxivIdPaths) {
    app.delete(
      `/admin/deleted-papers/${segments}`,
      {
        schema: {
          summary: 'Restore a deleted paper: shown again with its comments and bookmarks',
          description:
            'A paper deleted permanently cannot come back: its arXiv id only may be imported and scraped again (paperShown false). 404 when the id is not deleted.',
          params,
          response: { 200: deletedPaperRestoreAnswerSchema, ...errors },
        },
      },
      async (request) => paperAdmin.restore(arxivIdOf(request.params), (await sessions.requireAdmin(request)).id),
    );

    app.delete(
      `/admin/deleted-papers/${segments}/paper`,
      {
        schema: {
          summary: 'Delete a deleted paper permanently, with its comments and bookmarks',
          description:
            'Its arXiv id stays deleted: import, scraping and the scheduled ingest still skip it. 404 when no deleted paper is kept under the id.',
          params,
          response: { 200: deletedPaperEraseAnswerSchema, ...errors },
        },
      },
      async (request) => paperAdmin.erase(arxivIdOf(request.params), (await sessions.requireAdmin(request)).id),
    );
  }
};
