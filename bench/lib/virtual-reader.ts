import { setTimeout as sleep } from 'node:timers/promises';
import { DIGEST_PAGE_SIZE } from '../../common/paper-rules.js';
import { DIGEST_SEARCH_TOP_K } from '../../common/search-rules.js';
import { seededRandom } from '../../server/modules/search/seeded-random.js';
import { likelyPage, type Mix, pauseMs, ReaderPace, type RequestKind } from './load-mix.js';
import { READER_PASSWORD, type Reader } from './load-readers.js';
import type { RequestOutcome, RequestStats } from './request-stats.js';
import type { WriteLedger } from './write-ledger.js';

/** Longest wait for one answer, nginx's default for a proxied one; past it the request counts as unanswered. */
const ANSWER_TIMEOUT_MS = 60_000;
/** The share of bookmark requests that remove one of the reader's bookmarks (when it has any). */
const REMOVE_SHARE = 1 / 3;

/** What every reader of a run shares: the site, what is on it, and where results go. */
export interface LoadRun {
  /** The public origin, sent as Origin on writes as a browser on the site does. */
  origin: string;
  papers: readonly { id: number; arxivId: string }[];
  /** Search queries, drawn at random. */
  queries: readonly string[];
  /** The image readers upload for their comments (a PNG). */
  image: Blob;
  mix: Mix;
  /** Mean pause between two requests of one reader. */
  thinkMs: number;
  /** Readers arrive over this long from the start, each at a random moment, rather than all at once. */
  rampMs: number;
  /** When readers stop sending (epoch ms). */
  until: number;
  stats: RequestStats;
  ledger: WriteLedger;
  /** The first server errors' requests and answers, to say what failed. */
  serverErrors: string[];
}

const SERVER_ERRORS_KEPT = 10;

interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

/**
 * One reader until the run's end: a request of a kind its pace allows, then a pause, and again.
 * Each request goes to `base` (the reader's web process) from the reader's address, with its session
 * cookie, and is timed until its whole body has arrived. Writes are entered in the ledger.
 */
export async function runReader(reader: Reader, base: string, run: LoadRun, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const pace = new ReaderPace(run.mix, random);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const digestPages = Math.ceil(run.papers.length / DIGEST_PAGE_SIZE);
  /** The reader's bookmarks: paper id to bookmark id. */
  const bookmarks = new Map<number, number>();
  /** Images uploaded and not yet shown in a comment. */
  const images: string[] = [];
  let comments = 0;

  async function send(kind: RequestKind, path: string, init: { method?: string; body?: BodyInit; json?: object } = {}) {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { cookie: reader.cookie, 'x-forwarded-for': reader.address };
    if (method !== 'GET') headers.origin = run.origin;
    if (init.json) headers['content-type'] = 'application/json';
    const started = performance.now();
    let answer: Answer | null = null;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: init.json ? JSON.stringify(init.json) : init.body,
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      answer = { status: response.status, body: await response.text(), setCookies: response.headers.getSetCookie() };
    } catch {
      // No answer: refused, reset or timed out.
    }
    const outcome: RequestOutcome = answer?.status ?? null;
    run.stats.record(kind, performance.now() - started, outcome);
    if (answer && answer.status >= 500 && run.serverErrors.length < SERVER_ERRORS_KEPT) {
      run.serverErrors.push(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    }
    return answer;
  }

  /** A server error or no answer leaves a write's fate unknown. */
  const uncertain = (answer: Answer | null) => answer === null || answer.status >= 500;

  async function toggleBookmark(): Promise<void> {
    const held = [...bookmarks];
    if (held.length > 0 && random() < REMOVE_SHARE) {
      const [paperId, bookmarkId] = pick(held);
      const answer = await send('bookmark', `/api/bookmarks/${bookmarkId}`, { method: 'DELETE' });
      if (uncertain(answer)) run.ledger.bookmarkUncertain(reader.userId, paperId);
      else if (answer?.status === 200) run.ledger.bookmarkRemoved(reader.userId, paperId);
      // A 404 leaves the bookmark acknowledged in the ledger: the read-back finds whether it was lost.
      bookmarks.delete(paperId);
      return;
    }
    const paper = pick(run.papers);
    if (bookmarks.has(paper.id)) return toggleBookmark();
    const answer = await send('bookmark', `/api/bookmarks/${paper.arxivId}`, { method: 'POST' });
    if (uncertain(answer)) run.ledger.bookmarkUncertain(reader.userId, paper.id);
    else if (answer?.status === 201) {
      const created = JSON.parse(answer.body) as { id: number; paperId: number };
      run.ledger.bookmarkAdded(reader.userId, created.paperId);
      bookmarks.set(created.paperId, created.id);
    }
  }

  async function comment(): Promise<void> {
    const paper = pick(run.papers);
    const image = images.shift();
    const text = `<p>Reader ${reader.index}, note ${++comments}: a useful paper.</p>${image ? `<p><img src="${image}" alt="figure"></p>` : ''}`;
    const answer = await send('comment', '/api/comments', { method: 'POST', json: { paperId: paper.id, text } });
    if (uncertain(answer)) run.ledger.commentUncertain();
    else if (answer?.status === 201) run.ledger.commentCreated(JSON.parse(answer.body));
  }

  async function upload(): Promise<void> {
    const form = new FormData();
    form.append('image', run.image, 'figure.png');
    const answer = await send('upload', '/api/upload', { method: 'POST', body: form });
    if (uncertain(answer)) run.ledger.uploadUncertain();
    else if (answer?.status === 201) {
      const { url } = JSON.parse(answer.body) as { url: string };
      run.ledger.uploadStored(url, run.image.size);
      images.push(url);
    }
  }

  async function signIn(): Promise<void> {
    const answer = await send('sign-in', '/api/auth/login', {
      method: 'POST',
      json: { email: reader.email, password: READER_PASSWORD },
    });
    const session = answer?.setCookies.find((cookie) => cookie.startsWith('sid='));
    if (answer?.status === 200 && session) reader.cookie = session.split(';')[0] as string;
  }

  const requests: Record<RequestKind, () => Promise<unknown>> = {
    'paper list': () =>
      send('paper list', `/api/papers?page=${likelyPage(digestPages, random)}&limit=${DIGEST_PAGE_SIZE}`),
    'digest page': () => {
      const page = likelyPage(digestPages, random);
      return send('digest page', page === 1 ? '/ai-digest' : `/ai-digest?page=${page}`);
    },
    paper: () => send('paper', `/api/papers/${pick(run.papers).arxivId}`),
    'paper page': () => send('paper page', `/ai-digest/${pick(run.papers).arxivId}`),
    comments: () => send('comments', `/api/comments/${pick(run.papers).id}`),
    search: () =>
      send('search', '/api/papers/semantic', {
        method: 'POST',
        json: { query: pick(run.queries), top_k: DIGEST_SEARCH_TOP_K },
      }),
    'my bookmarks': () => send('my bookmarks', '/api/bookmarks'),
    bookmark: toggleBookmark,
    comment,
    upload,
    'sign-in': signIn,
  };

  await sleep(random() * run.rampMs);
  while (Date.now() < run.until) {
    await requests[pace.next(Date.now())]();
    await sleep(pauseMs(run.thinkMs, random));
  }
}
