/** Helpers for the unit tests of the account and admin screens (jsdom). */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { PublicUser } from '../../../common/users.js';
import { initI18n, loadNamespaces } from '../../lib/i18n.js';
import { authStore } from './auth-store.js';

/** jsdom has <dialog> without showModal() and close(): enough of them for the modal's behaviour. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (typeof proto.showModal === 'function' && !proto.__polyfilled) return;
  proto.__polyfilled = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

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
 * A stand-in for the API behind `fetch`: answers by "METHOD /path" from `handlers`, a signed-out
 * check and logout by default, records every request, and fails on anything unexpected.
 */
export function createFakeApi() {
  const api = {
    handlers: {} as Record<string, FakeHandler>,
    requests: [] as RecordedRequest[],
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = recordRequest(input, init);
      api.requests.push(request);
      const handler = api.handlers[`${request.method} ${request.url.pathname}`];
      if (handler) return handler(request);
      if (request.url.pathname === '/api/auth/check') return jsonResponse({ user: null });
      if (request.url.pathname === '/api/auth/logout') return jsonResponse({ message: 'Logged out.' });
      throw new Error(`unexpected request ${request.method} ${request.url}`);
    },
    reset() {
      api.handlers = {};
      api.requests.length = 0;
    },
  };
  return api;
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/**
 * The set-up of a test file of the account pages: their texts loaded, a fresh fake API in place of
 * fetch and empty storage for each test, then the page unmounted and the reader signed out.
 */
export function setUpFakeAuthApi(): FakeApi {
  const fakeApi = createFakeApi();
  const fetchStub = vi.fn(fakeApi.fetch);
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['auth']);
  });
  beforeEach(() => {
    fakeApi.reset();
    localStorage.clear();
    vi.stubGlobal('fetch', fetchStub);
  });
  afterEach(async () => {
    cleanup();
    await authStore.logout();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return fakeApi;
}
