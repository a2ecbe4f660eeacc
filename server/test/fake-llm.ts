import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Summary } from '../../common/papers.js';

/** How the fake model answers: a valid summary, JSON that breaks the schema, HTTP 500, or never. */
export type FakeLlmMode = 'valid' | 'invalid' | 'error' | 'hang';

export interface FakeLlmRequest {
  /** True for a summary (the request asks for JSON by schema), false for a translation. */
  structured: boolean;
  model: string;
  /** Every message's text, joined. */
  text: string;
}

export interface FakeLlm {
  url: string;
  mode: FakeLlmMode;
  requests: FakeLlmRequest[];
  /** Resolves at the next request the fake receives. */
  nextRequest(): Promise<FakeLlmRequest>;
  close(): Promise<void>;
}

export const FAKE_TRANSLATION = 'نقدم طريقة جديدة لتلخيص الأوراق البحثية.';

export const FAKE_SUMMARY: Omit<Summary, 'generatedBy'> = {
  Paper_one_line: 'A fake model summarises the paper in one line.',
  Problem: 'Papers are long.',
  Takeaway: 'Short summaries help.',
  Results: ['Readers save time.'],
  paper_category1: 'AI Agents',
  paper_category2: 'Summarisation Studies',
  ExplainAI: '',
  NewParadigm: 'Null',
  TrainingMethod: 'Null',
  InferenceMethod: '',
  FineTuningMethod: 'Null',
  RAGMethod: 'Null',
  ReasoningMethod: 'Null',
  AgenticMethod: 'Null',
  SelfLearningMethod: 'Null',
  MainLLM: 'Null',
  ModelType: 'Null',
  ApplicationDomains: { items: ['Research'] },
  RequiredBackGround: 'Machine Learning',
  Critique: 'Null',
  terms: [{ name: 'Digest', explanation: 'A list of summaries.' }],
};

export async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** A local OpenAI-compatible chat completions endpoint (`/v1/chat/completions`). */
export async function startFakeLlm(mode: FakeLlmMode = 'valid'): Promise<FakeLlm> {
  const waiting: ((request: FakeLlmRequest) => void)[] = [];
  const hanging = new Set<() => void>();
  const fake: Omit<FakeLlm, 'url' | 'close'> = {
    mode,
    requests: [],
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
  };
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as {
      model: string;
      messages: { content: string }[];
      response_format?: { type: string };
    };
    const seen: FakeLlmRequest = {
      structured: body.response_format?.type === 'json_schema',
      model: body.model,
      text: body.messages.map((message) => message.content).join('\n'),
    };
    fake.requests.push(seen);
    for (const resolve of waiting.splice(0)) resolve(seen);
    if (fake.mode === 'hang') {
      hanging.add(() => response.destroy());
      return;
    }
    if (fake.mode === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'the model crashed' } }));
      return;
    }
    const content = !seen.structured
      ? FAKE_TRANSLATION
      : fake.mode === 'invalid'
        ? JSON.stringify({ Paper_one_line: 'Only one field' })
        : JSON.stringify(FAKE_SUMMARY);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(completion(body.model, content)));
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

/** The URL of a port nothing listens on: a model that is down. */
export async function downLlmUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
