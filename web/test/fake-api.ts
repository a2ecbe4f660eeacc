/** A stand-in for the API behind `fetch` in the web tests (jsdom), held to the server's contract. */
import type { PublicUser } from '../../common/users.js';
import { checkedFetch } from './api-contract.js';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, error: string, message: string): Response {
  return jsonResponse({ error, message }, status);
}

let nextId = 1;

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `User ${id}`,
    email: `user${id}@example.org`,
    role: 'user',
    isVerified: true,
    createdAt: '2025-03-16T15:04:00.000Z',
    updatedAt: '2025-03-16T15:04:00.000Z',
    ...overrides,
  };
}

/** A promise with its resolve and reject at hand, to hold an answer back while a test looks. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** Parses what a fetch stub received. */
export function recordRequest(input: RequestInfo | URL, init?: RequestInit): RecordedRequest {
  const url = new URL(String(input), 'http://localhost');
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  return { method: init?.method ?? 'GET', url, body };
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Answers by "METHOD /path" from `handlers`, a signed-out check, logout and no related papers by default, records
 * every request, and fails on anything unexpected. Every answer is checked against the contract.
 */
export interface FakeApi {
  handlers: Record<string, FakeHandler>;
  requests: RecordedRequest[];
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  reset(): void;
}

export function createFakeApi(): FakeApi {
  const api: FakeApi = {
    handlers: {},
    requests: [],
    fetch: checkedFetch(async (input, init) => {
      const request = recordRequest(input, init);
      api.requests.push(request);
      const handler = api.handlers[`${request.method} ${request.url.pathname}`];
      if (handler) return handler(request);
      if (request.url.pathname === '/api/auth/check') return jsonResponse({ user: null });
      if (request.url.pathname === '/api/auth/logout') return jsonResponse({ message: 'Logged out.' });
      // A paper page asks for related papers beside everything else: none, unless a test serves some.
      if (request.method === 'GET' && /^\/api\/papers\/.+\/related$/.test(request.url.pathname))
        return jsonResponse({ papers: [] });
      throw new Error(`unexpected request ${request.method} ${request.url}`);
    }),
    reset() {
      api.handlers = {};
      api.requests.length = 0;
    },
  };
  return api;
}
