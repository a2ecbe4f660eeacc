import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef } from 'react';
import { type LoaderFunction, useLocation } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { Spinner } from '../components/ui/spinner.js';
import { blogPostsQueryOptions, logBlogListError } from '../features/blog/api.js';
import { BlogHero } from '../features/blog/components/blog-hero.js';
import { BlogCategoryFilter } from '../features/blog/components/category-filter.js';
import { BlogLoadError } from '../features/blog/components/load-error.js';
import { BlogSearchBox } from '../features/blog/components/search-box.js';
import { blogListLoader, useListFollowsLanguage } from '../features/blog/list-locale.js';
import { listLocaleFromPath } from '../features/blog/posts.js';
import { useBlogListState } from '../features/blog/use-blog-list-state.js';
import { useDocumentMeta } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import type { Prefetch } from '../lib/ssr.js';

/** The list's language is its path's: the UI follows it, or a reader of another language moves to theirs. */
export const loader: LoaderFunction = (args) =>
  blogListLoader(listLocaleFromPath(new URL(args.request.url).pathname))(args);
/** Filtering and paging change only the search: nothing to load again. */
export const shouldRevalidate = () => false;

export const prefetch: Prefetch = ({ queryClient, url }) =>
  queryClient.prefetchQuery(blogPostsQueryOptions(listLocaleFromPath(url.pathname)));

const loadResults = () => import('../features/blog/components/blog-results.js');
const BlogResults = lazy(async () => ({ default: (await loadResults()).BlogResults }));
// The cards start loading with the page, in parallel with blogs.json, not after it.
void loadResults();

/** /blogs (English posts) and /ar/blogs (Arabic posts): filter, search and pages of six. */
export function BlogListPage() {
  const { t } = useTranslation('blog');
  useDocumentMeta(t('title'), t('tagline'));
  const locale = listLocaleFromPath(useLocation().pathname);
  const { category, query, page, setCategory, setQuery, setPage, clearFilters } = useBlogListState();
  useListFollowsLanguage(locale, category);
  const { data: posts, error, isPending, refetch } = useQuery(blogPostsQueryOptions(locale));
  const resultsRef = useRef<HTMLElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (error) logBlogListError(error);
  }, [error]);

  const changePage = (next: number) => {
    setPage(next);
    // Back to the top of the results, which take the focus so reading starts at the first card.
    resultsRef.current?.scrollIntoView({ block: 'start' });
    resultsRef.current?.focus({ preventScroll: true });
  };

  // Holds a screen's height while loading, so the cards do not push the footer down (layout shift).
  const spinner = (
    <div className="min-h-svh">
      <Spinner label={t('loading')} showLabel />
    </div>
  );
  let content: ReactNode;
  if (isPending) content = spinner;
  else if (error) content = <BlogLoadError message={t('loadError')} onRetry={() => void refetch()} />;
  else
    content = (
      <Suspense fallback={spinner}>
        <BlogResults
          posts={posts}
          category={category}
          query={query}
          page={page}
          onPageChange={changePage}
          onClearFilters={clearFilters}
        />
      </Suspense>
    );

  return (
    <PageShell>
      <BlogHero />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <BlogCategoryFilter value={category} onChange={setCategory} />
        <BlogSearchBox value={query} onChange={setQuery} />
      </div>
      <section ref={resultsRef} tabIndex={-1} aria-labelledby={headingId} className="scroll-mt-24 outline-none">
        <h2 id={headingId} className="sr-only">
          {t('postsHeading')}
        </h2>
        {content}
      </section>
    </PageShell>
  );
}
