import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { type ContentEncoding, preferredEncoding } from './encoded-body.js';

/** swagger-ui-dist's files, as @fastify/swagger-ui ships them. */
export const SWAGGER_UI_STATIC_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')),
  'static',
);

/**
 * The reference page's large assets (2 MB together). Compressing them on every request would cost
 * the server about 50 ms of CPU each time, for anyone who asks: they are compressed once instead.
 */
const LARGE_ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

type Encoding = ContentEncoding | 'identity';

const encoders: Record<Encoding, (source: Buffer) => Promise<Buffer>> = {
  br: (source) => promisify(brotliCompress)(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (source) => promisify(gzip)(source, { level: 9 }),
  identity: async (source) => source,
};

/** Serves the large assets under `${prefix}/static/`, ahead of the plugin's own (compressed per request). */
export function registerApiDocsAssets(app: FastifyInstance, prefix: string): void {
  for (const [file, contentType] of Object.entries(LARGE_ASSETS)) {
    const variants = new Map<Encoding, Promise<Buffer>>();
    const variant = (encoding: Encoding) => {
      let body = variants.get(encoding);
      if (!body) {
        body = readFile(path.join(SWAGGER_UI_STATIC_DIR, file)).then(encoders[encoding]);
        variants.set(encoding, body);
      }
      return body;
    };
    app.get(`${prefix}/static/${file}`, { schema: { hide: true }, compress: false }, async (request, reply) => {
      const encoding = preferredEncoding(request.headers['accept-encoding']) ?? 'identity';
      reply.type(contentType).header('Vary', 'Accept-Encoding').header('Cache-Control', 'public, max-age=3600');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(await variant(encoding));
    });
  }
}
