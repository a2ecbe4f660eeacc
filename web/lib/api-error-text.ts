import { ApiRequestError } from './api-client.js';

/**
 * The error codes of the API's one error shape that the site has texts of its own for (admin
 * `apiErrors.<code>`, in every language), and `network_error`, the client's own for a server not
 * reached. A code not listed here is shown by the server's message, which is English.
 */
export const KNOWN_API_ERRORS = [
  'invalid_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'unavailable',
  'internal_error',
  'network_error',
  'invalid_arxiv_id',
  'arxiv_not_found',
  'arxiv_error',
  'arxiv_unavailable',
  'arxiv_unreachable',
  'own_account',
  'last_admin',
  'already_suspended',
  'not_suspended',
  'account_suspended',
] as const;
export type KnownApiError = (typeof KNOWN_API_ERRORS)[number];

const isKnown = (code: string): code is KnownApiError => (KNOWN_API_ERRORS as readonly string[]).includes(code);

/**
 * What a failed call tells the reader: the site's text for a code it knows, in the page's language
 * (`textOf` reads it), else the server's message as sent; undefined for a failure that is not the API's.
 */
export function apiErrorText(error: unknown, textOf: (code: KnownApiError) => string): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return isKnown(error.code) ? textOf(error.code) : error.message || undefined;
}
