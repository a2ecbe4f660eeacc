import { randomBytes } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_UPLOAD_BYTES, UPLOADS_PATH_PREFIX } from '../../../common/comment-rules.js';
import { UPLOADED_IMAGE_NAME } from '../../../common/html-policy.js';
import type { PublicUser } from '../../../common/users.js';
import { AppError, badRequest, tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import { imageKindOf } from './image-type.js';
import type { UploadsRepo } from './repo.js';

export const UPLOAD_LIMITS = { perUser: { max: 20, windowMs: 60 * 60 * 1000 } } satisfies Record<string, RateLimit>;

export const UPLOAD_MESSAGES = {
  tooLarge: `An image may be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`,
  notAnImage: 'Only PNG, JPEG, GIF and WebP images are accepted.',
  empty: 'The image is empty.',
  noRoom: 'The server has no room to store images right now. Please try again later.',
} as const;

export const imageTooLarge = () => new AppError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);
export const notAnImage = () => new AppError(415, 'unsupported_media_type', UPLOAD_MESSAGES.notAnImage);
const noRoom = () => new AppError(507, 'insufficient_storage', UPLOAD_MESSAGES.noRoom);

/** The file system's answers when the disk, or the server's share of it, is full. */
const isOutOfSpace = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOSPC' || error.code === 'EDQUOT');

/** An uploaded image opened to be served, with the type it was recognised as. */
export interface StoredImage {
  stream: ReadStream;
  mimeType: string;
  sizeBytes: number;
}

/**
 * Editor images, stored in `uploadsDir` under random names. A file appears under its name only once
 * it is whole and recognised: it is written to a hidden temporary name first, and nothing of it is
 * left when any step fails. A full disk answers 507.
 */
export function createUploadsService(deps: {
  uploadsRepo: UploadsRepo;
  limiter: Pick<RateLimiter, 'hit'>;
  uploadsDir: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { uploadsRepo, limiter, uploadsDir, log } = deps;

  return {
    /** Counts the upload against the user's limit before `readImage` reads any of the body. */
    async save(user: PublicUser, readImage: () => Promise<Buffer>): Promise<{ url: string }> {
      const refused = await limiter.hit([[`upload:user:${user.id}`, UPLOAD_LIMITS.perUser]]);
      if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
      const bytes = await readImage();
      if (bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.empty, { image: ['is empty'] });
      const kind = imageKindOf(bytes);
      if (!kind) throw notAnImage();

      const fileName = `${randomBytes(16).toString('hex')}.${kind.extension}`;
      const filePath = path.join(uploadsDir, fileName);
      const partPath = path.join(uploadsDir, `.${fileName}.part`);
      try {
        await mkdir(uploadsDir, { recursive: true });
        await writeFile(partPath, bytes, { flag: 'wx' });
        await rename(partPath, filePath);
        await uploadsRepo.insert({ fileName, mimeType: kind.mimeType, sizeBytes: bytes.length, userId: user.id });
      } catch (error) {
        await Promise.all([rm(partPath, { force: true }), rm(filePath, { force: true })]);
        if (!isOutOfSpace(error)) throw error;
        // The reader can do nothing about it; the operator must, so it is logged as an error.
        log.error({ err: error, uploadsDir }, 'no room on disk for an uploaded image');
        throw noRoom();
      }
      return { url: `${UPLOADS_PATH_PREFIX}${fileName}` };
    },

    /** A stored image by the name the server gave it; null for any other name, or a file gone from disk. */
    async open(fileName: string): Promise<StoredImage | null> {
      if (!UPLOADED_IMAGE_NAME.test(fileName)) return null;
      const row = await uploadsRepo.findByName(fileName);
      const file = row && (await open(path.join(uploadsDir, fileName)).catch(() => null));
      if (!row || !file) return null;
      return { stream: file.createReadStream(), mimeType: row.mime_type, sizeBytes: row.size_bytes };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
