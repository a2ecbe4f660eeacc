import { describe, expect, it } from 'vitest';
import arabic from '../locales/ar/admin.json' with { type: 'json' };
import english from '../locales/en/admin.json' with { type: 'json' };
import { ApiRequestError } from './api-client.js';
import { apiErrorText, KNOWN_API_ERRORS } from './api-error-text.js';

const textOf = (code: string) => `text of ${code}`;

describe('apiErrorText', () => {
  it("gives the site's own text for a code it knows, whatever the server's message", () => {
    expect(apiErrorText(new ApiRequestError(503, 'arxiv_unavailable', 'arXiv is busy (HTTP 503)'), textOf)).toBe(
      'text of arxiv_unavailable',
    );
    expect(apiErrorText(new ApiRequestError(0, 'network_error', 'Failed to fetch'), textOf)).toBe(
      'text of network_error',
    );
  });

  it("gives the server's message for a code it does not know, and nothing for a failure that is not the API's", () => {
    const deleted = 'Paper 2401.00001 was deleted by an admin, so it is not scraped again.';
    expect(apiErrorText(new ApiRequestError(409, 'paper_deleted', deleted), textOf)).toBe(deleted);
    expect(apiErrorText(new ApiRequestError(418, 'teapot', ''), textOf)).toBeUndefined();
    expect(apiErrorText(new TypeError('x is undefined'), textOf)).toBeUndefined();
  });

  it('has a text in English and in Arabic for every code it knows', () => {
    expect(Object.keys(english.apiErrors).sort()).toEqual([...KNOWN_API_ERRORS].sort());
    expect(Object.keys(arabic.apiErrors).sort()).toEqual([...KNOWN_API_ERRORS].sort());
  });
});
