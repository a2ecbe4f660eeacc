import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './fake-llm.js';

/** How the fake answers: vectors, HTTP 500, HTTP 401, one vector too few, or never. */
export type FakeEmbeddingsMode = 'valid' | 'error' | 'unauthorised' | 'short' | 'hang';

export interface FakeEmbeddingsRequest {
  path: string;
  authorization: string | null;
  body: { model: string; input: string[]; encoding_format?: string };
}

export interface FakeEmbeddings {
  url: string;
  mode: FakeEmbeddingsMode;
  requests: FakeEmbeddingsRequest[];
  close(): Promise<void>;
}

/**
 * The fake's vector of a text: three numbers that tell texts apart by length and first letter, and
 * are not of unit length, so a client that forgets to normalise shows it.
 */
export function fakeVector(text: string): number[] {
  return [text.length, text.charCodeAt(0), 10];
}

/** A local OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`). */
export async function startFakeEmbeddings(mode: FakeEmbeddingsMode = 'valid'): Promise<FakeEmbeddings> {
  const hanging = new Set<() => void>();
  const fake: Omit<FakeEmbeddings, 'url' | 'close'> = { mode, requests: [] };
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as FakeEmbeddingsRequest['body'];
    fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization ?? null, body });
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (fake.mode === 'hang') {
      hanging.add(() => response.destroy());
      return;
    }
    if (fake.mode === 'error') return answer(500, { error: { message: 'the model crashed' } });
    if (fake.mode === 'unauthorised') return answer(401, { error: { message: 'Incorrect API key provided' } });
    const input = fake.mode === 'short' ? body.input.slice(1) : body.input;
    answer(200, {
      object: 'list',
      model: body.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) })),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    async close() {
      for (const end of hanging) end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
