import { ArrowLeft } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { useCurrentLocale } from '../components/ui/language-trigger.js';
import { Spinner } from '../components/ui/spinner.js';
import { blogBodyQueryOptions, blogPostsQueryOptions } from '../features/blog/api.js';
import { BlogLoadError } from '../features/blog/components/load-error.js';
import { blogListPath } from '../features/blog/posts.js';
import { useBlogPost } from '../features/blog/use-blog-post.js';
import { useDocumentMeta } from '../lib/document-title.js';
import { DEFAULT_LOCALE, type Locale, useTranslation } from '../lib/i18n.js';
import type { Prefetch } from '../lib/ssr.js';

const loadPostView = () => import('../features/blog/components/post-view.js');
const PostView = lazy(async () => ({ default: (await loadPostView()).PostView }));
// The article's code (with the HTML sanitiser) loads in parallel with the post's data, not after it.
void loadPostView();

/** What useBlogPost reads: the list of the language (else the English one) and a separate body. */
export const prefetch: Prefetch = async ({ queryClient, params, locale }) => {
  const id = params.id ?? '';
  const find = async (listLocale: Locale) =>
    (await queryClient.fetchQuery(blogPostsQueryOptions(listLocale))).find((post) => post.id === id);
  try {
    const post = (await find(locale)) ?? (locale === DEFAULT_LOCALE ? undefined : await find(DEFAULT_LOCALE));
    if (post?.content === '') await queryClient.prefetchQuery(blogBodyQueryOptions(post.locale, id));
  } catch {
    // Not rendered with the post: the browser loads it and shows its own error state if it fails.
  }
};

/** /blog/{id}: the post in the UI language, else in English; an unknown id goes to /404. */
export function BlogPostPage() {
  const { t } = useTranslation('blog');
  const id = useParams().id ?? '';
  const locale = useCurrentLocale();
  const state = useBlogPost(id, locale);
  const post = state.status === 'ready' ? state.post : null;
  useDocumentMeta(post?.title ?? t('title'), post?.description || post?.excerpt || t('tagline'));
  // Back to the list of the UI language, which is the post's list unless it is an English fallback.
  const listPath = blogListPath(locale);

  if (state.status === 'notFound') return <Navigate to="/404" replace />;

  // Holds a screen's height while loading, so the article does not push the footer down (layout shift).
  const spinner = (
    <div className="mx-auto min-h-svh max-w-3xl">
      <Spinner label={t('post.loading')} showLabel />
    </div>
  );
  let content: ReactNode;
  if (state.status === 'loading') content = spinner;
  else if (state.status === 'error')
    content = (
      <div className="mx-auto max-w-3xl">
        <BlogLoadError message={t('post.loadError')} onRetry={state.retry} />
      </div>
    );
  else
    content = (
      <Suspense fallback={spinner}>
        <PostView
          post={state.post}
          posts={state.posts}
          html={state.html}
          bodyError={state.bodyError}
          onRetryBody={state.retryBody}
          isFallback={state.isFallback}
          listPath={listPath}
        />
      </Suspense>
    );

  return (
    <PageShell>
      <div className="mx-auto mb-6 max-w-3xl">
        <Link to={listPath} className={buttonClasses('ghost', 'md', '-ms-3')}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('post.backToAll')}
        </Link>
      </div>
      {content}
    </PageShell>
  );
}
