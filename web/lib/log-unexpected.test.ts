import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client.js';
import { logUnexpected } from './log-unexpected.js';

describe('logUnexpected', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['a refused scrape', new ApiRequestError(409, 'paper_deleted', 'An admin deleted this paper.')],
    ['a reused verification link', new ApiRequestError(400, 'invalid_token', 'This link was used already.')],
    ['a rejected upload', new ApiRequestError(413, 'file_too_large', 'The image is too large.')],
    ['a missing category', new ApiRequestError(404, 'not_found', 'Category not found')],
  ])('logs nothing for %s, which the screen explains', (_case, error) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    logUnexpected('Scraping failed', error);
    expect(logged).not.toHaveBeenCalled();
  });

  it.each([
    ['a server error', new ApiRequestError(500, 'internal_error', 'Something broke.')],
    ['an unreachable server', new ApiRequestError(0, 'network_error', 'Failed to fetch')],
    ['a 4xx without an error answer, from a proxy', new ApiRequestError(404, 'http_error', 'Not Found')],
    ['an error of the app itself', new TypeError('x is undefined')],
  ])('logs %s under its context', (_case, error) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    logUnexpected('Error loading papers', error);
    expect(logged).toHaveBeenCalledWith('Error loading papers', error);
  });
});
