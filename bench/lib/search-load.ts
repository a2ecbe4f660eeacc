import autocannon from 'autocannon';
import { seededRandom } from '../../server/modules/search/seeded-random.js';
import type { TextSearch } from '../../server/modules/search/text-search-engine.js';
import type { SavedPaperText } from '../../server/modules/search/word-pair-index.js';
import type { Measurement } from './load.js';
import { percentile } from './percentile.js';
import { sample } from './search-eval/sample.js';

/**
 * Queries a reader might type: three to six consecutive words of real titles, all different, so
 * that no answer comes from the search's answer cache and every request embeds its query.
 */
export function titleQueries(titles: readonly string[], count: number, seed: number): string[] {
  const queries = new Set<string>();
  const random = seededRandom(seed + 1);
  for (const title of sample(titles, Math.min(titles.length, count * 2), seed)) {
    const words = title.split(/\s+/).filter((word) => /[a-z]/i.test(word));
    const length = Math.min(words.length, 3 + Math.floor(random() * 4));
    const start = Math.floor(random() * (words.length - length + 1));
    queries.add(
      words
        .slice(start, start + length)
        .join(' ')
        .replace(/[:,.;]+$/, ''),
    );
    if (queries.size === count) break;
  }
  return [...queries];
}

/**
 * A client address per request, passed as a trusting proxy would (X-Forwarded-For, with
 * TRUST_PROXY=1 on the server): the per-client search limit counts each request apart, as it would
 * for that many readers, without a setting that turns the limit off.
 */
export function clientAddress(n: number): string {
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

function searchRequest(query: string, n: number) {
  return {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(n) },
    body: JSON.stringify({ query, top_k: 9 }),
  };
}

/** p50 and p95 (ms) of searches sent one at a time: what one reader waits, the query's embedding included. */
export async function searchLatency(url: string, queries: readonly string[], first: number) {
  const times: number[] = [];
  for (const [i, query] of queries.entries()) {
    const started = performance.now();
    const response = await fetch(url, searchRequest(query, first + i));
    const answer = (await response.json()) as { papers?: unknown[] };
    times.push(performance.now() - started);
    if (!response.ok || !answer.papers) throw new Error(`${url}: ${response.status} for "${query}"`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), count: times.length };
}

/** p50 and p95 of the related papers of each paper (by numeric id) asked one at a time: each a new answer. */
export async function relatedLatency(baseUrl: string, paperIds: readonly number[]) {
  const times: number[] = [];
  for (const id of paperIds) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/papers/${id}/related`);
    const answer = (await response.json()) as { papers?: unknown[] };
    times.push(performance.now() - started);
    if (!response.ok || !answer.papers) throw new Error(`related papers of ${id}: ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), count: times.length };
}

/** A reader as "For you" ranks for them: their saved papers, and whether a paper is of their areas. */
export interface ReaderToRank {
  saved: readonly SavedPaperText[];
  inTheirAreas: (paperId: number) => boolean;
}

/**
 * p50 and p95 of "For you"'s ranking for each reader (their saved papers, their areas lifted), asked
 * one at a time of the full-text index in this process: what the recommendations wait for beyond
 * reading the bookmarks and the cards, which are a few rows each. Beside the time waited, the processor time
 * the ranking took, which other work on a busy machine does not stretch.
 */
export async function alikeLatency(
  textSearch: Pick<TextSearch, 'alike'>,
  readers: readonly ReaderToRank[],
  limit: number,
) {
  const times: number[] = [];
  const processorTimes: number[] = [];
  for (const { saved, inTheirAreas } of readers) {
    const started = performance.now();
    const processorStarted = process.cpuUsage();
    const answered = await textSearch.alike(saved, limit, undefined, inTheirAreas);
    const { user, system } = process.cpuUsage(processorStarted);
    times.push(performance.now() - started);
    processorTimes.push((user + system) / 1000);
    if (answered.length === 0) throw new Error(`no recommendations for a reader of ${saved.length} saved papers`);
  }
  times.sort((a, b) => a - b);
  processorTimes.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    processorP50: percentile(processorTimes, 0.5),
    processorP95: percentile(processorTimes, 0.95),
    count: times.length,
  };
}

export interface SearchThroughput extends Measurement {
  /** Requests answered other than 2xx, and their statuses ("503 x12"). */
  failed: number;
  statuses: string;
}

/**
 * Requests per second of searches from `connections` clients at once, each request a new query and
 * client; answers other than 2xx are counted, not thrown (a database that cannot keep up says so).
 */
export async function searchThroughput(
  url: string,
  queries: readonly string[],
  first: number,
  connections: number,
  seconds: number,
): Promise<SearchThroughput> {
  let n = first;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...searchRequest(queries[n % queries.length] ?? '', n++) }),
      },
    ],
  });
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} connection errors`);
  const statuses = Object.entries(result.statusCodeStats as Record<string, { count: number }>)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status} x${count}`)
    .join(', ');
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx,
    statuses,
  };
}
