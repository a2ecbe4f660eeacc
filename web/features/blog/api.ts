import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api-client.js';
import { httpFetch } from '../../lib/http.js';
import type { Locale } from '../../lib/i18n.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { type BlogPost, parseBlogPosts } from './posts.js';

/** Blog posts are static files beside the API, not API routes (SPEC §7). */
export const BLOG_FOLDER = '/blogsFolder';

/** Query keys of the blog feature, owned here so that every screen shares the cached files. */
export const blogKeys = {
  all: ['blog'] as const,
  list: (locale: Locale) => [...blogKeys.all, 'list', locale] as const,
  body: (locale: Locale, id: string) => [...blogKeys.all, 'body', locale, id] as const,
};

/**
 * GETs a static blog file. An answer that is not ok is an ApiRequestError, so the query client's
 * retry rule applies (no retry for 4xx) and a 404 reads as not found.
 */
async function fetchBlogFile(path: string, accept: string, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await httpFetch(`${BLOG_FOLDER}/${path}`, { headers: { Accept: accept }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiRequestError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    throw new ApiRequestError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
  }
  return response;
}

export function blogPostsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: blogKeys.list(locale),
    queryFn: async ({ signal }): Promise<BlogPost[]> => {
      const response = await fetchBlogFile(`${locale}/blogs.json`, 'application/json', signal);
      return parseBlogPosts(await response.json(), locale);
    },
    // Posts change with a deploy, not while someone reads.
    staleTime: 5 * 60_000,
  });
}

/** The body of a post whose content is "" in blogs.json: /blogsFolder/{locale}/{id}.html. */
export function blogBodyQueryOptions(locale: Locale, id: string) {
  return queryOptions({
    queryKey: blogKeys.body(locale, id),
    queryFn: async ({ signal }): Promise<string> => {
      const response = await fetchBlogFile(`${locale}/${encodeURIComponent(id)}.html`, 'text/html', signal);
      return response.text();
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * Logs a failed list fetch with the texts of SPEC §8: the server answered with an error, or the
 * request or its parsing failed; a refusal the page explains is not logged.
 */
export function logBlogListError(error: unknown): void {
  if (error instanceof ApiRequestError && error.status > 0) logUnexpected('Failed to fetch blog posts', error);
  else console.error('Error fetching blog posts', error);
}
