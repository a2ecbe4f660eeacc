import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BIBTEX_MEDIA_TYPE } from '../../../common/citations.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { paperPaths, paperRefOf } from '../papers/paper-paths.js';
import type { CitationsService } from './service.js';

export const citationsRoutes: FastifyPluginAsyncZod<{ citations: CitationsService }> = async (app, { citations }) => {
  for (const { segments, naming, params } of paperPaths) {
    app.get(
      `/papers/${segments}/bibtex`,
      {
        schema: {
          summary: `Get the BibTeX entry of a paper ${naming}`,
          description:
            'An `@misc` entry with every author, the year, `eprint`, `archivePrefix`, `primaryClass`, the arXiv URL, and `doi` and `note` (the journal reference) when arXiv gives them, escaped for BibTeX and LaTeX (UTF-8 letters kept). `Content-Disposition` names the file after the citation key.',
          tags: ['papers'],
          params,
          response: {
            200: { content: { [BIBTEX_MEDIA_TYPE]: { schema: z.string() } } },
            400: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { key, text } = await citations.bibtex(paperRefOf(request.params));
        return reply
          .type(`${BIBTEX_MEDIA_TYPE}; charset=utf-8`)
          .header('Content-Disposition', `inline; filename="${key}.bib"`)
          .send(text);
      },
    );
  }
};
