import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Bodies shorter than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** The best encoding the client accepts (Brotli, then gzip), or null for the bytes as they are (`q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([coding]) => coding),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** `body` compressed; Brotli at quality 5, quick to make (what is made is kept). */
export function compressed(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body);
}

/**
 * A body as bytes, with each encoding made the first time a client asks for it and kept with the
 * body: an answer kept in a cache is then compressed once, not on every request that sends it.
 */
export interface EncodedBody {
  readonly body: Buffer;
  /** The body in `encoding`, or null when it is too short to be worth compressing. */
  encodedAs(encoding: ContentEncoding): Buffer | null;
}

export function encodedBody(text: string): EncodedBody {
  const body = Buffer.from(text);
  const encoded: Partial<Record<ContentEncoding, Buffer>> = {};
  return {
    body,
    encodedAs(encoding) {
      if (body.length < COMPRESSION_THRESHOLD) return null;
      encoded[encoding] ??= compressed(body, encoding);
      return encoded[encoding];
    },
  };
}

/** Sends `body` in the encoding the request accepts, as kept (the compression plugin leaves an encoded body be). */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  reply.header('Vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? body.encodedAs(encoding) : null;
  if (!encoding || !encoded) return reply.send(body.body);
  return reply.header('Content-Encoding', encoding).send(encoded);
}
