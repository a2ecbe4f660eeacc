import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { startFakeEmbeddings } from '../../test/fake-embeddings.js';
import { createTextEmbedder } from './text-embedder.js';

const log = createLogger('silent');

describe('createTextEmbedder', () => {
  it('uses the bundled encoder without an endpoint', async () => {
    const embedder = createTextEmbedder(loadConfig({}), log);
    expect(embedder.modelId).toMatch(/^use-lite-512-pooled@/);
    await embedder.close();
  });

  it('uses the configured endpoint', async () => {
    const fake = await startFakeEmbeddings();
    const config = loadConfig({ EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: 'nomic-embed-text' });
    const embedder = createTextEmbedder(config, log);
    try {
      expect(embedder.modelId).toBe('openai-compatible:nomic-embed-text');
      await expect(embedder.embed(['hello'])).resolves.toHaveLength(1);
      expect(fake.requests[0]?.body.model).toBe('nomic-embed-text');
    } finally {
      await embedder.close();
      await fake.close();
    }
  });
});
