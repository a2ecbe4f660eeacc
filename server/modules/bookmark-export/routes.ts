import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKMARK_EXPORT_FORMATS, bookmarkExportPath } from '../../../common/bookmark-export.js';
import { apiErrorSchema } from '../../../common/errors.js';
import type { Sessions } from '../auth/sessions.js';
import { EXPORT_FORMATS } from './formats.js';
import type { BookmarkExport } from './service.js';

/** GET /api/bookmarks/export.{bib,ris,csv}: the signed-in reader's own bookmarks, as a download. */
export const bookmarkExportRoutes: FastifyPluginAsyncZod<{
  bookmarkExport: BookmarkExport;
  sessions: Sessions;
}> = async (app, { bookmarkExport, sessions }) => {
  app.addHook('onRequest', async (request) => {
    await sessions.requireUser(request);
  });
  for (const format of BOOKMARK_EXPORT_FORMATS) {
    const { mediaType, name } = EXPORT_FORMATS[format];
    app.get(
      bookmarkExportPath(format).slice('/api'.length),
      {
        schema: {
          summary: `Export my bookmarks as ${name}`,
          description: `Every bookmarked paper, newest bookmark first, as a ${name} file (\`Content-Disposition: attachment\`, \`bookmarks.${format}\`).${
            format === 'csv' ? ' A cell that a spreadsheet would run as a formula starts with an apostrophe.' : ''
          }`,
          response: {
            200: { content: { [mediaType.split(';')[0] ?? mediaType]: { schema: z.string() } } },
            401: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = await sessions.requireUser(request);
        const file = await bookmarkExport.file(user.id, format);
        return reply
          .type(file.mediaType)
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .send(file.body);
      },
    );
  }
};
