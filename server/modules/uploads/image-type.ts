import type { UPLOAD_IMAGE_TYPES } from '../../../common/comment-rules.js';

export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

export interface ImageKind {
  mimeType: UploadImageType;
  extension: 'png' | 'jpg' | 'gif' | 'webp';
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** PNG: the signature, then the IHDR chunk (13 bytes) of an image at least 1 × 1. */
function isPng(bytes: Buffer): boolean {
  return (
    bytes.length >= 33 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
    bytes.readUInt32BE(8) === 13 &&
    ascii(bytes, 12, 16) === 'IHDR' &&
    bytes.readUInt32BE(16) > 0 &&
    bytes.readUInt32BE(20) > 0
  );
}

/** JPEG: start of image, then a marker segment, and end of image as the last bytes. */
function isJpeg(bytes: Buffer): boolean {
  return (
    bytes.length >= 6 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    (bytes[3] ?? 0) >= 0xc0 &&
    bytes[3] !== 0xff &&
    bytes.at(-2) === 0xff &&
    bytes.at(-1) === 0xd9
  );
}

/**
 * GIF: the header, a screen at least 1 × 1, the global colour table its flags announce, then a
 * block (extension, image or trailer) where one must start; the trailer ends the file.
 */
function isGif(bytes: Buffer): boolean {
  if (bytes.length < 14 || !['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return false;
  if (bytes.readUInt16LE(6) === 0 || bytes.readUInt16LE(8) === 0) return false;
  const flags = bytes[10] ?? 0;
  const colourTableBytes = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
  const firstBlock = bytes[13 + colourTableBytes];
  return (firstBlock === 0x21 || firstBlock === 0x2c) && bytes.at(-1) === 0x3b;
}

/** WebP: a RIFF container whose declared size is the whole file, holding a VP8, VP8L or VP8X chunk. */
function isWebp(bytes: Buffer): boolean {
  return (
    bytes.length >= 20 &&
    ascii(bytes, 0, 4) === 'RIFF' &&
    bytes.readUInt32LE(4) + 8 === bytes.length &&
    ascii(bytes, 8, 12) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(bytes, 12, 16))
  );
}

const KINDS: [ImageKind, (bytes: Buffer) => boolean][] = [
  [{ mimeType: 'image/png', extension: 'png' }, isPng],
  [{ mimeType: 'image/jpeg', extension: 'jpg' }, isJpeg],
  [{ mimeType: 'image/gif', extension: 'gif' }, isGif],
  [{ mimeType: 'image/webp', extension: 'webp' }, isWebp],
];

/**
 * Markup that makes a file a polyglot: harmless as an image, but a page or a script to anything
 * that sniffs it. Looked for in the first kilobyte, where sniffers look; image data there holding
 * one by chance is vanishingly rare.
 */
const MARKUP = /<(?:script|svg|html|body|iframe|!doctype)/i;
const SNIFFED_BYTES = 1024;

/**
 * What image a file is, judged by its bytes alone (its declared type and name are not believed), or
 * null when it is none of PNG, JPEG, GIF and WebP, or carries markup besides.
 */
export function imageKindOf(bytes: Buffer): ImageKind | null {
  const kind = KINDS.find(([, matches]) => matches(bytes))?.[0];
  if (!kind || MARKUP.test(ascii(bytes, 0, SNIFFED_BYTES))) return null;
  return kind;
}
