import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError } from '../../lib/api-client.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/i18n.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { blogBodyQueryOptions, blogPostsQueryOptions } from './api.js';
import type { BlogPost } from './posts.js';

export type BlogPostState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'notFound' }
  | {
      status: 'ready';
      post: BlogPost;
      /** The sanitised-later HTML body: `content`, or the separate file when content is "". */
      html: string | null;
      bodyError: boolean;
      retryBody: () => void;
      /** The posts of the same locale, for Related Articles. */
      posts: BlogPost[];
      /** The post is missing in the UI language and is shown in English. */
      isFallback: boolean;
    };

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.isNotFound;

/**
 * The post with this id in the UI language's blogs.json, else in English (SPEC: the fallback
 * language), with its body. Lists are cached by locale, so the list page and this one share them.
 */
export function useBlogPost(id: string, locale: Locale): BlogPostState {
  const primary = useQuery(blogPostsQueryOptions(locale));
  const primaryPost = primary.data?.find((post) => post.id === id);
  const missingInPrimary = (primary.isSuccess && !primaryPost) || isNotFound(primary.error);
  const wantsFallback = locale !== DEFAULT_LOCALE && missingInPrimary;
  const fallback = useQuery({ ...blogPostsQueryOptions(DEFAULT_LOCALE), enabled: wantsFallback });

  const list = primaryPost ? primary : fallback;
  const post = primaryPost ?? (wantsFallback ? fallback.data?.find((entry) => entry.id === id) : undefined);
  const body = useQuery({
    ...blogBodyQueryOptions(post?.locale ?? locale, id),
    enabled: post !== undefined && post.content === '',
  });

  const listError = primaryPost ? null : wantsFallback ? fallback.error : primary.error;
  const failure = listError && !isNotFound(listError) ? listError : (body.error ?? null);
  useEffect(() => {
    if (failure) logUnexpected('Error fetching blog post', failure);
  }, [failure]);

  if (post) {
    const separate = post.content === '';
    if (separate && body.isPending && !body.error) return { status: 'loading' };
    return {
      status: 'ready',
      post,
      html: separate ? (body.data ?? null) : post.content,
      bodyError: separate && body.error !== null,
      retryBody: () => void body.refetch(),
      posts: list.data ?? [],
      isFallback: post.locale !== locale,
    };
  }
  if (listError && !isNotFound(listError)) {
    return { status: 'error', retry: () => void (wantsFallback ? fallback.refetch() : primary.refetch()) };
  }
  const settled = wantsFallback ? fallback.isSuccess || isNotFound(fallback.error) : missingInPrimary;
  return settled ? { status: 'notFound' } : { status: 'loading' };
}
