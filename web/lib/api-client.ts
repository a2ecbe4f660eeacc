import type { ApiError } from '../../common/errors.js';
import { httpFetch } from './http.js';

/** A failed API call: the HTTP status (0 when the server could not be reached) and the error code. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export const API_BASE = '/api';

/** A path segment per part of an id, keeping slashes: old-style arXiv ids such as math/9501234. */
export function encodePathId(id: string): string {
  return id.split('/').map(encodeURIComponent).join('/');
}

function isApiError(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null) return false;
  const { error, message } = body as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string';
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  return isApiError(body)
    ? new ApiRequestError(response.status, body.error, body.message)
    : new ApiRequestError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call with the session cookie: answers the response when it is ok, or fails with an
 * ApiRequestError, status 0 when the server was not reached.
 */
async function send(method: Method, path: string, accept: string, body?: unknown, signal?: AbortSignal) {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await httpFetch(`${API_BASE}${path}`, {
      method,
      // Fastify refuses a JSON content type with an empty body, so bodiless calls send neither; a form
      // gets its multipart type, with its boundary, from fetch itself.
      headers:
        body === undefined || isForm ? { Accept: accept } : { Accept: accept, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/**
 * An API call answering its JSON (undefined when the answer has no body); see send. Answers are not
 * re-validated here: the server declares a response schema on every route, and a schema library
 * would cost a sixth of the page budget.
 */
async function apiRequest<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const text = await (await send(method, path, 'application/json', body, signal)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GETs a JSON answer typed by the contract in common/. */
export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>('GET', path, undefined, signal);
}

/** Sends a state-changing request, its body as JSON or, for a FormData, as multipart; see apiRequest. */
export function apiSend<T>(method: Exclude<Method, 'GET'>, path: string, body?: unknown): Promise<T> {
  return apiRequest<T>(method, path, body);
}

/** GETs an answer that is not JSON (a BibTeX entry) as text, failing as apiGet does. */
export async function apiGetText(path: string, accept: string, signal?: AbortSignal): Promise<string> {
  return (await send('GET', path, accept, undefined, signal)).text();
}
