import type { Locale } from '../../../common/account-rules.js';
import type { PublicUser } from '../../../common/users.js';
import { API_BASE, ApiRequestError, apiGet } from '../../lib/api-client.js';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function errorFrom(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as Record<string, unknown>;
    if (typeof error === 'string' && typeof message === 'string') {
      return new ApiRequestError(response.status, error, message);
    }
  }
  return new ApiRequestError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}

/**
 * Sends a state-changing request with the session cookie and answers its JSON (or undefined when
 * the answer has no body). Fails with an ApiRequestError: status 0 when the server was not reached.
 */
export async function apiSend<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      // Fastify refuses a JSON content type with an empty body, so bodiless calls send neither.
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiRequestError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface UserMessage {
  user: PublicUser;
  message: string;
}

/** The calls the header's auth store makes; the account screens' calls live in account-api.ts. */
export const sessionApi = {
  check: () => apiGet<{ user: PublicUser | null }>('/auth/check'),
  login: (body: { email: string; password: string; locale: Locale }) =>
    apiSend<UserMessage>('POST', '/auth/login', body),
  logout: () => apiSend<unknown>('POST', '/auth/logout'),
};
