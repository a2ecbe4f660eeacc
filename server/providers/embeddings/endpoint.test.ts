import { afterEach, describe, expect, it } from 'vitest';
import { type FakeEmbeddings, fakeVector, startFakeEmbeddings } from '../../test/fake-embeddings.js';
import { downLlmUrl } from '../../test/fake-llm.js';
import { createEndpointEmbedder, type EmbeddingEndpointSettings } from './endpoint.js';
import { toUnitLength } from './vectors.js';

let fake: FakeEmbeddings | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

function settings(url: string, more: Partial<EmbeddingEndpointSettings> = {}): EmbeddingEndpointSettings {
  return { baseUrl: url, apiKey: 'sk-test', model: 'nomic-embed-text', timeoutMs: 5_000, retries: 0, ...more };
}

describe('the OpenAI-compatible embeddings endpoint', () => {
  it('sends the texts in batches and answers one unit vector a text, in order', async () => {
    fake = await startFakeEmbeddings();
    const embedder = createEndpointEmbedder(settings(fake.url, { batchSize: 2 }));
    const texts = ['graph neural networks', 'a', 'speech recognition', 'reinforcement learning', 'robots'];
    const vectors = await embedder.embed(texts);

    expect(embedder.modelId).toBe('openai-compatible:nomic-embed-text');
    expect(fake.requests.map((request) => request.body.input)).toEqual([
      texts.slice(0, 2),
      texts.slice(2, 4),
      texts.slice(4),
    ]);
    for (const request of fake.requests) {
      expect(request).toMatchObject({
        path: '/v1/embeddings',
        authorization: 'Bearer sk-test',
        body: { model: 'nomic-embed-text', encoding_format: 'float' },
      });
    }
    expect(vectors.map((vector) => [...vector])).toEqual(texts.map((text) => [...toUnitLength(fakeVector(text))]));
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
  });

  it('sends no key when none is configured', async () => {
    fake = await startFakeEmbeddings();
    await createEndpointEmbedder(settings(fake.url, { apiKey: null })).embed(['text']);
    expect(fake.requests[0]?.authorization).toBeNull();
  });

  it('fails clearly when the endpoint answers an error, retrying a server error', async () => {
    fake = await startFakeEmbeddings('error');
    await expect(createEndpointEmbedder(settings(fake.url, { retries: 1 })).embed(['text'])).rejects.toThrow(
      /^the embeddings endpoint failed: .*the model crashed$/,
    );
    expect(fake.requests).toHaveLength(2);

    fake.mode = 'unauthorised';
    fake.requests.length = 0;
    await expect(createEndpointEmbedder(settings(fake.url, { retries: 1 })).embed(['text'])).rejects.toThrow(
      'the embeddings endpoint failed: Incorrect API key provided',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('fails clearly when the endpoint is down, answers too few vectors, or takes too long', async () => {
    await expect(createEndpointEmbedder(settings(await downLlmUrl())).embed(['text'])).rejects.toThrow(
      /^the embeddings endpoint failed: /,
    );
    fake = await startFakeEmbeddings('short');
    await expect(createEndpointEmbedder(settings(fake.url)).embed(['one', 'two'])).rejects.toThrow(
      'the embeddings endpoint answered 1 vectors for 2 texts',
    );
    fake.mode = 'hang';
    await expect(createEndpointEmbedder(settings(fake.url, { timeoutMs: 300 })).embed(['text'])).rejects.toThrow(
      'the embeddings endpoint did not answer within 0.3 s',
    );
  });

  it('refuses an empty text without asking the endpoint', async () => {
    fake = await startFakeEmbeddings();
    await expect(createEndpointEmbedder(settings(fake.url)).embed(['text', '  '])).rejects.toThrow(
      'text 2 of 2 is empty',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('stops when the caller aborts, before or during the request', async () => {
    fake = await startFakeEmbeddings('hang');
    const embedder = createEndpointEmbedder(settings(fake.url));
    const aborted = new AbortController();
    aborted.abort();
    await expect(embedder.embed(['text'], aborted.signal)).rejects.toThrow(/aborted/i);
    expect(fake.requests).toHaveLength(0);

    const during = new AbortController();
    const embedding = embedder.embed(['text'], during.signal);
    await expect.poll(() => fake?.requests.length).toBe(1);
    during.abort();
    await expect(embedding).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses to embed after close', async () => {
    fake = await startFakeEmbeddings();
    const embedder = createEndpointEmbedder(settings(fake.url));
    await embedder.close();
    await expect(embedder.embed(['text'])).rejects.toThrow('the embedder is closed');
    expect(fake.requests).toHaveLength(0);
  });
});
