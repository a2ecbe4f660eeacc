import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ArabicSummary, Summary } from '../../common/papers.js';
import { QUESTION_TRANSLATION_INSTRUCTIONS } from '../providers/llm/prompts.js';

/**
 * How the fake model answers: valid answers, JSON that breaks the schema, JSON cut off midway, a
 * valid English summary but an "Arabic" summary left in English, HTTP 500, an HTTP 200 page that is
 * no chat completion (a proxy's error page), or never.
 */
export type FakeLlmMode = 'valid' | 'invalid' | 'malformed' | 'untranslated' | 'error' | 'garbage' | 'hang';

export interface FakeLlmRequest {
  /** True for a summary or its Arabic (the request asks for JSON by schema), false for a translation. */
  structured: boolean;
  /** What is asked: the summary, its Arabic (a schema without categories), the abstract's translation, or a search question's. */
  kind: 'summary' | 'arabicSummary' | 'translation' | 'question';
  model: string;
  /** Every message's text, joined. */
  text: string;
}

export interface FakeLlm {
  url: string;
  mode: FakeLlmMode;
  /** Requests it matches are never answered, whatever the mode: one paper held mid-item. */
  hangWhen: ((request: FakeLlmRequest) => boolean) | null;
  /** The English summary it answers (FAKE_SUMMARY unless a test gives another). */
  summary: Omit<Summary, 'generatedBy'>;
  /** The English it answers for a search question (FAKE_QUESTION_TRANSLATION unless a test gives another). */
  question: string;
  requests: FakeLlmRequest[];
  /** Resolves at the next request the fake receives. */
  nextRequest(): Promise<FakeLlmRequest>;
  close(): Promise<void>;
}

export const FAKE_TRANSLATION = 'نقدم طريقة جديدة لتلخيص الأوراق البحثية.';
export const FAKE_QUESTION_TRANSLATION = 'reinforcement learning for large language models';

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

export const FAKE_ARABIC_SUMMARY: ArabicSummary = {
  Paper_one_line: 'نموذج تجريبي يلخّص الورقة في سطر واحد.',
  Problem: 'الأوراق البحثية طويلة.',
  Takeaway: 'الملخصات القصيرة مفيدة.',
  Results: ['يوفّر القرّاء وقتهم.'],
  Critique: 'Null',
  terms: [{ name: 'Digest', explanation: 'قائمة من الملخصات.' }],
};

/** What a proxy in front of a model that is down may answer, with status 200. */
export const FAKE_GARBAGE_PAGE = '<html><body>Bad gateway: the upstream model is restarting</body></html>';

/** The answer to a request in a mode that answers. */
function answerTo(
  kind: FakeLlmRequest['kind'],
  mode: FakeLlmMode,
  fake: Pick<FakeLlm, 'summary' | 'question'>,
): string {
  const { summary } = fake;
  if (kind === 'translation') return FAKE_TRANSLATION;
  if (kind === 'question') return fake.question;
  if (mode === 'invalid') return JSON.stringify({ Paper_one_line: 'Only one field' });
  if (mode === 'malformed') return JSON.stringify(FAKE_SUMMARY).slice(0, 40);
  if (kind === 'summary') return JSON.stringify(summary);
  if (mode === 'untranslated') {
    const { Paper_one_line, Problem, Takeaway, Results, Critique, terms } = FAKE_SUMMARY;
    return JSON.stringify({ Paper_one_line, Problem, Takeaway, Results, Critique, terms });
  }
  return JSON.stringify(FAKE_ARABIC_SUMMARY);
}

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

/**
 * A local OpenAI-compatible chat completions endpoint (`/v1/chat/completions`), on `port` when
 * given (a model coming back where it was down).
 */
export async function startFakeLlm(mode: FakeLlmMode = 'valid', port = 0): Promise<FakeLlm> {
  const waiting: ((request: FakeLlmRequest) => void)[] = [];
  const hanging = new Set<() => void>();
  const fake: Omit<FakeLlm, 'url' | 'close'> = {
    mode,
    hangWhen: null,
    summary: FAKE_SUMMARY,
    question: FAKE_QUESTION_TRANSLATION,
    requests: [],
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
  };
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as {
      model: string;
      messages: { role: string; content: string }[];
      response_format?: { type: string };
    };
    const structured = body.response_format?.type === 'json_schema';
    const asksForCategories = JSON.stringify(body.response_format ?? {}).includes('paper_category1');
    const seen: FakeLlmRequest = {
      structured,
      kind: structured
        ? asksForCategories
          ? 'summary'
          : 'arabicSummary'
        : body.messages.some((message) => message.content === QUESTION_TRANSLATION_INSTRUCTIONS)
          ? 'question'
          : 'translation',
      model: body.model,
      text: body.messages.map((message) => message.content).join('\n'),
    };
    fake.requests.push(seen);
    for (const resolve of waiting.splice(0)) resolve(seen);
    if (fake.mode === 'hang' || fake.hangWhen?.(seen)) {
      hanging.add(() => response.destroy());
      return;
    }
    if (fake.mode === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'the model crashed' } }));
      return;
    }
    if (fake.mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(FAKE_GARBAGE_PAGE);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(completion(body.model, answerTo(seen.kind, fake.mode, fake))));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${address.port}/v1`,
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

/**
 * The environment of a server process whose model is `llm` and which reaches nothing else: no PDF
 * host (summaries are made from the abstract) and no embeddings endpoint (no vectors; search ranks
 * by full text), so the process spends no time on the bundled encoder.
 */
export async function fakeModelEnv(llm: Pick<FakeLlm, 'url'>): Promise<Record<string, string>> {
  const [noPdfUrl, noEmbeddingsUrl] = await Promise.all([downLlmUrl(), downLlmUrl()]);
  return {
    LLM_BASE_URL: llm.url,
    LLM_MODEL: 'fake-model',
    ARXIV_PDF_URL: noPdfUrl,
    EMBEDDINGS_BASE_URL: noEmbeddingsUrl,
    EMBEDDINGS_MODEL: 'none',
  };
}
