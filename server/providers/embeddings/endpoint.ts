import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import type { TextEmbedder } from './types.js';
import { toUnitLength } from './vectors.js';

export interface EmbeddingEndpointSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Longest wait for one batch, retries included. */
  timeoutMs: number;
  /** Texts sent in one request. */
  batchSize?: number;
  /** Further tries after a failed request (connection refused, 429, 5xx), with the AI SDK's backoff. */
  retries?: number;
}

/** Hosted endpoints accept a few hundred to a few thousand texts a request; small batches fail small. */
const DEFAULT_BATCH_SIZE = 64;
const DEFAULT_RETRIES = 2;

/** The first line of an error: the SDK's messages can carry the whole answer. */
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** An OpenAI-compatible embeddings endpoint (OpenAI, Ollama, vLLM, llama.cpp server), through the AI SDK. */
export function createEndpointEmbedder(settings: EmbeddingEndpointSettings): TextEmbedder {
  const provider = createOpenAICompatible({
    name: 'embeddings',
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? undefined,
  });
  const model = provider.embeddingModel(settings.model);
  const batchSize = settings.batchSize ?? DEFAULT_BATCH_SIZE;
  let closed = false;
  let dimensions: number | null = null;

  async function embedBatch(texts: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let embeddings: number[][];
    try {
      ({ embeddings } = await embedMany({
        model,
        values: texts,
        maxRetries: settings.retries ?? DEFAULT_RETRIES,
        abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }));
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted)
        throw new Error(`the embeddings endpoint did not answer within ${settings.timeoutMs / 1000} s`);
      throw new Error(`the embeddings endpoint failed: ${firstLine(error)}`);
    }
    if (embeddings.length !== texts.length)
      throw new Error(`the embeddings endpoint answered ${embeddings.length} vectors for ${texts.length} texts`);
    return embeddings.map((values) => {
      dimensions ??= values.length;
      if (values.length !== dimensions || !values.every(Number.isFinite))
        throw new Error(`the embeddings endpoint answered a vector that is not ${dimensions} numbers`);
      return toUnitLength(values);
    });
  }

  return {
    modelId: `openai-compatible:${settings.model}`,
    async embed(texts, signal) {
      if (closed) throw new Error('the embedder is closed: it cannot embed any more texts');
      signal?.throwIfAborted();
      const blank = texts.findIndex((text) => text.trim() === '');
      if (blank !== -1) throw new Error(`text ${blank + 1} of ${texts.length} is empty: there is nothing to embed`);
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize)
        vectors.push(...(await embedBatch(texts.slice(start, start + batchSize), signal)));
      return vectors;
    },
    async close() {
      closed = true;
    },
  };
}
