import { ApiRequestError } from './api-client.js';

/**
 * Whether the server refused the request with an answer the app understands (a 4xx carrying its
 * error code): the screen says what went wrong, so it is no fault worth a console entry.
 */
function isHandledRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.code !== 'http_error';
}

/**
 * Logs a failure under its context text unless it is a handled refusal: network failures, server
 * errors (5xx) and anything unknown are logged, with their stack.
 */
export function logUnexpected(context: string, error: unknown): void {
  if (!isHandledRefusal(error)) console.error(context, error);
}
