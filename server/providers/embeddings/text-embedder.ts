import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { createEndpointEmbedder } from './endpoint.js';
import type { TextEmbedder } from './types.js';
import { createUseLiteEmbedder } from './use-lite.js';

/** The configured embeddings endpoint, else the bundled encoder, which works offline. */
export function createTextEmbedder(config: Pick<AppConfig, 'embeddings'>, log: FastifyBaseLogger): TextEmbedder {
  const embedder = config.embeddings ? createEndpointEmbedder(config.embeddings) : createUseLiteEmbedder();
  log.info({ model: embedder.modelId }, 'text embeddings');
  return embedder;
}
