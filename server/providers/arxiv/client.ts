import { parseArxivInput } from '../../../common/arxiv-id.js';
import { readAtomFeed } from './atom.js';
import { ARXIV_REQUEST_SPACING_MS, createRequestGate } from './request-gate.js';
import { type ArxivClient, ArxivError, type ArxivPaper } from './types.js';

export interface ArxivClientOptions {
  /** The export API's query endpoint (ARXIV_API_URL). */
  apiUrl: string;
  /** Least time between two requests; tests shorten it. */
  spacingMs?: number;
  /** Longest wait for a whole answer, body included. */
  timeoutMs?: number;
  /** Waits before retrying a 429 or 503, one per retry, unless Retry-After asks for longer. */
  retryDelaysMs?: number[];
  /** Longest Retry-After honoured; a longer one fails at once instead of holding every caller. */
  maxRetryAfterMs?: number;
}

const RETRIED_STATUSES = new Set([429, 503]);

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The reason an error feed gives, if the body is one. */
function errorReported(body: string): string | null {
  try {
    const feed = readAtomFeed(body);
    return feed.kind === 'error' ? feed.message : null;
  } catch {
    return null;
  }
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/**
 * The arXiv export API client. Create one per process: its gate spaces the requests of every caller.
 * Each request has a timeout; 429 and 503 are retried with backoff, Retry-After honoured.
 */
export function createArxivClient(options: ArxivClientOptions): ArxivClient {
  const {
    apiUrl,
    spacingMs = ARXIV_REQUEST_SPACING_MS,
    timeoutMs = 20_000,
    retryDelaysMs = [3_000, 10_000, 30_000],
    maxRetryAfterMs = 60_000,
  } = options;
  const gate = createRequestGate(spacingMs);

  async function attempt(url: string): Promise<{ status: number; body: string; retryAfter: string | null }> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after') };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new ArxivError('unavailable', `arXiv did not answer within ${duration(timeoutMs)}`);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = (cause as { code?: string }).code ?? String(cause);
      throw new ArxivError('unreachable', `This server cannot reach arXiv (${reason})`);
    }
  }

  /** The answer to one query, after the retries a busy arXiv asks for. */
  async function query(params: Record<string, string>): Promise<{ status: number; body: string }> {
    const url = `${apiUrl}?${new URLSearchParams(params)}`;
    return gate.run(async (pause) => {
      for (let retry = 0; ; retry++) {
        const answer = await attempt(url);
        if (!RETRIED_STATUSES.has(answer.status)) return answer;
        const backoff = retryDelaysMs[retry];
        const asked = retryAfterMs(answer.retryAfter);
        if (backoff === undefined)
          throw new ArxivError('unavailable', `arXiv is busy (HTTP ${answer.status}); tried ${retry + 1} times`);
        if (asked !== null && asked > maxRetryAfterMs)
          throw new ArxivError(
            'unavailable',
            `arXiv is busy (HTTP ${answer.status}) and asks to wait ${duration(asked)}`,
          );
        await pause(Math.max(backoff, asked ?? 0));
      }
    });
  }

  /** The papers of a feed; the failure cases each get their own kind. */
  async function papersOf(params: Record<string, string>, what: string): Promise<ArxivPaper[]> {
    const { status, body } = await query(params);
    if (status === 400) {
      const reason = errorReported(body);
      throw new ArxivError(
        'invalid_id',
        `arXiv refused the request for ${what} (HTTP 400)${reason ? `: ${reason}` : ''}`,
      );
    }
    if (status !== 200) throw new ArxivError('unavailable', `arXiv answered HTTP ${status} for ${what}`);
    const feed = readAtomFeed(body);
    if (feed.kind === 'error')
      throw new ArxivError('api_error', `arXiv answered with an error for ${what}: ${feed.message}`);
    return feed.papers;
  }

  return {
    async fetchPaper(input) {
      const parsed = parseArxivInput(input);
      if (!parsed.ok) throw new ArxivError('invalid_id', parsed.message);
      // Asked without a version, arXiv answers with the newest.
      const { arxivId } = parsed;
      const papers = await papersOf({ id_list: arxivId }, arxivId);
      const paper = papers.find((candidate) => candidate.arxivId === arxivId);
      if (!paper) throw new ArxivError('not_found', `arXiv has no paper ${arxivId}`);
      return paper;
    },

    async fetchNewest(categories, max) {
      return papersOf(
        {
          search_query: categories.map((category) => `cat:${category}`).join(' OR '),
          sortBy: 'submittedDate',
          sortOrder: 'descending',
          start: '0',
          max_results: String(max),
        },
        `the newest papers of ${categories.join(', ')}`,
      );
    },
  };
}
