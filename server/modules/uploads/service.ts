import { randomBytes } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_STORED_UPLOAD_BYTES,
  MAX_UPLOAD_BYTES,
  UPLOAD_QUOTA_ERROR,
  UPLOADS_PATH_PREFIX,
} from '../../../common/comment-rules.js';
import { UPLOADED_IMAGE_NAME } from '../../../common/html-policy.js';
import type { PublicUser } from '../../../common/users.js';
import { AppError, badRequest, tooManyAttempts } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import { imageKindOf } from './image-type.js';
import type { UploadsRepo } from './repo.js';

export const UPLOAD_LIMITS = { perUser: { max: 20, windowMs: 60 * 60 * 1000 } } satisfies Record<string, RateLimit>;

/** How long an image no comment shows is kept: time to write the comment it was uploaded for. */
export const UNUSED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Uploads removed per statement by the sweep. */
const SWEEP_BATCH = 500;

const MEGABYTE = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: `An image may be at most ${MAX_UPLOAD_BYTES / MEGABYTE} MB.`,
  quotaReached: `Your images would take more than the ${MAX_STORED_UPLOAD_BYTES / MEGABYTE} MB an account may keep. Images that no comment shows are removed a day after their upload, and deleting a comment removes its images.`,
  notAnImage: 'Only PNG, JPEG, GIF and WebP images are accepted.',
  empty: 'The image is empty.',
  noRoom: 'The server has no room to store images right now. Please try again later.',
} as const;

export const imageTooLarge = () => new AppError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);
export const notAnImage = () => new AppError(415, 'unsupported_media_type', UPLOAD_MESSAGES.notAnImage);
const noRoom = () => new AppError(507, 'insufficient_storage', UPLOAD_MESSAGES.noRoom);
const quotaReached = () => new AppError(413, UPLOAD_QUOTA_ERROR, UPLOAD_MESSAGES.quotaReached);

/** The hidden name an image is written under until it is whole. */
const partNameOf = (fileName: string) => `.${fileName}.part`;
const isPartName = (name: string) =>
  name.startsWith('.') && name.endsWith('.part') && UPLOADED_IMAGE_NAME.test(name.slice(1, -'.part'.length));

/** The file system's answers when the disk, or the server's share of it, is full. */
const isOutOfSpace = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOSPC' || error.code === 'EDQUOT');

/** An uploaded image opened to be served, with the type it was recognised as. */
export interface StoredImage {
  stream: ReadStream;
  mimeType: string;
  sizeBytes: number;
}

/** What one sweep removed. */
export interface SweepCounts {
  images: number;
  partFiles: number;
}

/**
 * Editor images, stored in `uploadsDir` under random names. A file appears under its name only once
 * it is whole and recognised: it is written to a hidden temporary name first, and nothing of it is
 * left when any step fails. A full disk answers 507. An image lives while a comment shows it, or for
 * a day after its upload; each account keeps at most MAX_STORED_UPLOAD_BYTES of images.
 */
export function createUploadsService(deps: {
  uploadsRepo: UploadsRepo;
  limiter: Pick<RateLimiter, 'hit'>;
  uploadsDir: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}) {
  const { uploadsRepo, limiter, uploadsDir, log } = deps;

  /** Removes image files whose rows are gone: they are no longer served, so a file left behind only takes room. */
  async function removeFiles(fileNames: string[]): Promise<void> {
    await Promise.all(
      fileNames.map((fileName) =>
        rm(path.join(uploadsDir, fileName), { force: true }).catch((error: unknown) =>
          log.warn({ err: error, fileName }, 'an uploaded image could not be removed from disk'),
        ),
      ),
    );
  }

  /** Removes the temporary files of uploads cut short (a process that stopped half-way) made before `before`. */
  async function removeStalePartFiles(before: Date): Promise<number> {
    const folder = await opendir(uploadsDir).catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
      throw error;
    });
    if (!folder) return 0;
    let removed = 0;
    for await (const entry of folder) {
      if (!entry.isFile() || !isPartName(entry.name)) continue;
      const filePath = path.join(uploadsDir, entry.name);
      const written = await stat(filePath).catch(() => null);
      if (written && written.mtimeMs < before.getTime()) {
        await rm(filePath, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

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
      // The row comes first, so that the account's cap is checked before anything is written; until
      // the file is in place its name answers 404 like any other.
      const uploadId = await uploadsRepo.insertWithinQuota(
        { fileName, mimeType: kind.mimeType, sizeBytes: bytes.length, userId: user.id },
        MAX_STORED_UPLOAD_BYTES,
      );
      if (uploadId === null) throw quotaReached();
      const partPath = path.join(uploadsDir, partNameOf(fileName));
      try {
        await mkdir(uploadsDir, { recursive: true });
        await writeFile(partPath, bytes, { flag: 'wx' });
        await rename(partPath, path.join(uploadsDir, fileName));
      } catch (error) {
        await rm(partPath, { force: true });
        await uploadsRepo.delete(uploadId);
        if (!isOutOfSpace(error)) throw error;
        // The reader can do nothing about it; the operator must, so it is logged as an error.
        log.error({ err: error, uploadsDir }, 'no room on disk for an uploaded image');
        throw noRoom();
      }
      return { url: `${UPLOADS_PATH_PREFIX}${fileName}` };
    },

    /**
     * A stored image by the name the server gave it; 'gone' once a moderator removed the last comment
     * that showed it; null for any other name, or a file gone from disk.
     */
    async open(fileName: string): Promise<StoredImage | 'gone' | null> {
      if (!UPLOADED_IMAGE_NAME.test(fileName)) return null;
      const row = await uploadsRepo.findByName(fileName);
      if (row?.removed_at) return 'gone';
      const file = row && (await open(path.join(uploadsDir, fileName)).catch(() => null));
      if (!row || !file) return null;
      return { stream: file.createReadStream(), mimeType: row.mime_type, sizeBytes: row.size_bytes };
    },

    /**
     * Removes at once those of these uploads that `userId` made and no comment shows any more (the
     * images of a comment its author deleted). Another reader's image is left to the sweep, so that no
     * one can remove an image that its owner is still writing a comment with.
     */
    async discardUnused(userId: number, uploadIds: number[]): Promise<void> {
      await removeFiles(await uploadsRepo.deleteUnreferencedOf(userId, uploadIds));
    },

    /** Removes the files of images whose rows a moderation or an account's deletion removed or marked. */
    removeFiles,

    /**
     * Removes the images no comment shows that were uploaded more than UNUSED_UPLOAD_LIFETIME_MS before
     * `now`, row first (from then on the image answers 404) and then file, and the temporary files of
     * uploads cut short as long ago.
     */
    async sweep(now: Date): Promise<SweepCounts> {
      const before = new Date(now.getTime() - UNUSED_UPLOAD_LIFETIME_MS);
      let images = 0;
      let afterId = 0;
      let removed: { id: number; file_name: string }[];
      do {
        removed = await uploadsRepo.deleteUnreferencedBefore(before.toISOString(), afterId, SWEEP_BATCH);
        await removeFiles(removed.map((upload) => upload.file_name));
        images += removed.length;
        afterId = Math.max(afterId, ...removed.map((upload) => upload.id));
      } while (removed.length === SWEEP_BATCH);
      return { images, partFiles: await removeStalePartFiles(before) };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
