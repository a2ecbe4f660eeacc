import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROJECT_ROOT } from '../paths.js';

/** Real export API answers, byte for byte, in both wire formats. */
export const ARXIV_FIXTURES_DIR = `${PROJECT_ROOT}server/providers/arxiv/fixtures/`;

export interface FakeArxivAnswer {
  status?: number;
  /** A recorded answer in ARXIV_FIXTURES_DIR. */
  file?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Waits this long before answering, as a slow arXiv would. */
  delayMs?: number;
}

/** Picks the answer to a request from its query (`id_list`, `search_query`, ...). */
export type FakeArxivRule = (query: URLSearchParams) => FakeArxivAnswer;

export interface FakeArxivRequest {
  query: URLSearchParams;
  /** performance.now() when the request arrived. */
  receivedAt: number;
}

export interface FakeArxiv {
  /** The query endpoint, for ARXIV_API_URL. */
  url: string;
  requests: FakeArxivRequest[];
  /** How the following requests are answered; tests may replace it. */
  rule: FakeArxivRule;
  /** Answers the next requests with these, in order, before the rule applies again. */
  answerNext(...answers: FakeArxivAnswer[]): void;
  close(): Promise<void>;
}

/** The recorded lookup of each id (asked without version, as the client asks). */
export const RECORDED_BY_ID: Record<string, FakeArxivAnswer> = {
  '1111.2011': { file: 'arxivpy2016__id_list_1111.2011v2.xml' },
  'cond-mat/0603029': { file: 'arxivpy2016__search_query_au_del_maestro_AND_ti_checkerboard.xml' },
  'hep-ex/0307015': { file: 'arxivdocs__typical_all_electron_max1.xml' },
  '1234.12345': { file: 'arxivdocs__error_incorrect_id_format_1234.12345.xml' },
  '1605.08386': { file: 'arxivpy__id_1605.08386_s0_m100_199195aa31ad.xml' },
  '1707.08567': { file: 'arxivpy__id_1707.08567_s0_m100_6a1afebfc6a3.xml' },
  '2104.12255': { file: 'arxivpy__id_2104.12255v1_s0_m100_6ae69987ffe1.xml' },
  'astro-ph/0601001': { file: 'arxivpy__id_astro-ph_0601001_s0_m100_3150dca9dc76.xml' },
  'hep-ex/0406020': { file: 'arxivpy__id_hep-ex_0406020v1_s0_m100_84b15d66c0ce.xml' },
  'quant-ph/0201082': { file: 'arxivpy__id_quant-ph_0201082v1_s0_m100_86989fe779ef.xml' },
  '0808.05394': { file: 'arxivpy__id_0808.05394_s0_m100_7b0c7d0a7cdd.xml' },
};

/** What the current API answers for an id it has no paper for: an empty feed. */
export const EMPTY_FEED: FakeArxivAnswer = { file: 'arxivpy__id_0000.0000_s0_m100_8b51d9633a68.xml' };
/** What the current API answers for a malformed id: HTTP 400 with an error feed. */
export const MALFORMED_ID: FakeArxivAnswer = { status: 400, file: 'arxivpy__id_abc_s0_m100_b79c8dcf6bc3.xml' };

/** Recorded answers: lookups by id from RECORDED_BY_ID (else an empty feed), searches with `newest`. */
export function recordedArxiv(
  newest: FakeArxivAnswer = { file: 'arxivpy__q_testing_s0_m15_80c242b59d59.xml' },
): FakeArxivRule {
  return (query) => {
    const ids = query.get('id_list');
    if (ids) return RECORDED_BY_ID[ids] ?? EMPTY_FEED;
    if (query.get('search_query')) return newest;
    return MALFORMED_ID;
  };
}

function send(response: ServerResponse, answer: FakeArxivAnswer): void {
  const body = answer.file ? readFileSync(`${ARXIV_FIXTURES_DIR}${answer.file}`) : (answer.body ?? '');
  response.writeHead(answer.status ?? 200, {
    'content-type': 'application/atom+xml; charset=utf-8',
    ...answer.headers,
  });
  response.end(body);
}

/** A local stand-in for the export API on a free port, answering with recorded responses. */
export async function startFakeArxiv(rule: FakeArxivRule = recordedArxiv()): Promise<FakeArxiv> {
  const next: FakeArxivAnswer[] = [];
  const fake: FakeArxiv = {
    url: '',
    requests: [],
    rule,
    answerNext: (...answers) => next.push(...answers),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const receivedAt = performance.now();
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    fake.requests.push({ query, receivedAt });
    const answer = next.shift() ?? fake.rule(query);
    if (answer.delayMs) setTimeout(() => send(response, answer), answer.delayMs);
    else send(response, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/query`;
  return fake;
}
