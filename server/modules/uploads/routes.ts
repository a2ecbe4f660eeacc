import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_STORED_UPLOAD_BYTES, MAX_UPLOAD_BYTES, UPLOAD_QUOTA_ERROR } from '../../../common/comment-rules.js';
import { uploadAnswerSchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { AppError, badRequest } from '../../errors.js';
import type { Sessions } from '../auth/sessions.js';
import { imageTooLarge, type UploadsService } from './service.js';

const IMAGE_FIELD = 'image';

/** The image of a multipart body, read whole; at most MAX_UPLOAD_BYTES, or 413 and nothing kept. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  const { multipartErrors } = request.server;
  try {
    const part = await request.file();
    if (part?.fieldname !== IMAGE_FIELD) {
      throw badRequest(`Send the image in the multipart field "${IMAGE_FIELD}".`, { [IMAGE_FIELD]: ['is required'] });
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof multipartErrors.RequestFileTooLargeError) throw imageTooLarge();
    if (error instanceof multipartErrors.InvalidMultipartContentTypeError) {
      throw new AppError(
        415,
        'unsupported_media_type',
        `Send the image as multipart/form-data in the field "${IMAGE_FIELD}".`,
      );
    }
    // Only the client's bytes are read here: the multipart parser's own failures (no boundary, a
    // boundary too long, a body that ends early) are plain errors without a status, and mean a malformed body.
    if (error instanceof Error && !(error instanceof AppError) && !('statusCode' in error)) {
      throw badRequest('The multipart body is malformed: send one whole multipart/form-data body with its boundary.', {
        [IMAGE_FIELD]: ['is malformed'],
      });
    }
    throw error;
  }
}

/** POST /api/upload: editor images, from signed-in readers only. */
export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; sessions: Sessions }> = async (
  app,
  { uploads, sessions },
) => {
  // Multipart bodies are parsed in this plugin only: one file of at most MAX_UPLOAD_BYTES, few small fields.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 20 },
  });

  app.post(
    '/upload',
    {
      // onRequest: a visitor is refused before any of the body is read.
      onRequest: async (request) => {
        await sessions.requireUser(request);
      },
      schema: {
        summary: 'Upload an image for a comment',
        description: `Signed-in readers only. A multipart/form-data body with one file in the field \`${IMAGE_FIELD}\`: a PNG, JPEG, GIF or WebP image (recognised by its bytes) of at most 5 MB. Answers where it is served. An image no comment shows is removed a day after its upload, and a comment's images when its author deletes it. 413 \`${UPLOAD_QUOTA_ERROR}\` when the account's images would take more than ${MAX_STORED_UPLOAD_BYTES / (1024 * 1024)} MB; 429 after 20 uploads an hour; 507 while the server's disk is full.`,
        consumes: ['multipart/form-data'],
        response: {
          201: uploadAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          507: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await uploads.save(await sessions.requireUser(request), () => readImageField(request));
      return reply.status(201).send(answer);
    },
  );
};

/**
 * How long caches keep an image before asking again: a removed image (its comment deleted) stops
 * being shown within this long. Asking again is cheap: a name is never reused, so it is its own ETag.
 */
const UPLOAD_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /uploads/{name}: a stored image, only under a name the server gave it, and 404 once removed
 * (410 when a moderator's removal of the comments that showed it took it offline).
 * Served with the type it was recognised as, never sniffed, never run (no scripts, styles or frames
 * even if opened directly).
 */
export const uploadedFilesRoutes: FastifyPluginAsync<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const image = await uploads.open(request.params.name);
    if (image === 'gone') throw new AppError(410, 'gone', 'This image was removed by a moderator.');
    if (!image) throw new AppError(404, 'not_found', 'Image not found');
    const etag = `"${request.params.name}"`;
    reply
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', UPLOAD_CACHE_CONTROL)
      .header('ETag', etag)
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Content-Disposition', 'inline');
    if (request.headers['if-none-match'] === etag) {
      image.stream.destroy();
      return reply.status(304).send();
    }
    return reply.type(image.mimeType).header('Content-Length', image.sizeBytes).send(image.stream);
  });
};
