import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { createEndpointEmbedder } from './endpoint.js';
import type { TextEmbedder } from './types.js';
import { createUseLiteEmbedder } from './use-lite.js';

/** The configured embeddings endpoint, else the bundled encoder, which works offline. */
export function createTextEmbedder(
  config: Pick<AppConfig, 'embeddings' | 'embeddingThreads'>,
  log: FastifyBaseLogger,
): TextEmbedder {
  if (config.embeddings) {
    const embedder = createEndpointEmbedder(config.embeddings);
    log.info({ model: embedder.modelId }, 'text embeddings');
    return embedder;
  }
  const embedder = createUseLiteEmbedder({ threads: config.embeddingThreads });
  log.info({ model: embedder.modelId, threads: config.embeddingThreads }, 'text embeddings');
  return embedder;
}
