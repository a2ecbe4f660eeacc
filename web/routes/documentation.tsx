import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, FileQuestion, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../lib/i18n.js';
import '../features/docs/doc-content.css';
import { PageShell } from '../components/layout/page-shell.js';
import { Button } from '../components/ui/button.js';
import { useCurrentLocale } from '../components/ui/language-trigger.js';
import { Spinner } from '../components/ui/spinner.js';
import { DocArticle } from '../features/docs/components/doc-article.js';
import { DocsSidebar } from '../features/docs/components/docs-sidebar.js';
import { ALL_DOCS, loadDocPage, loadedDocPage } from '../features/docs/content.js';
import { buildDocsIndex, type DocEntry, findPage, flattenIndex } from '../features/docs/docs-index.js';
import { useDocumentMeta } from '../lib/document-title.js';
import { chosenLocale, DEFAULT_LOCALE, type Locale } from '../lib/i18n.js';
import { siteConfig } from '../lib/site-config.js';
import type { Prefetch } from '../lib/ssr.js';

/**
 * Loads the page the address asks for together with this route's code, so the first render shows
 * it at once: no loading state, nothing shifting under the reader, an earlier largest paint.
 */
export async function preload(
  url: URL = new URL(window.location.href),
  locale: Locale = chosenLocale() ?? DEFAULT_LOCALE,
): Promise<void> {
  const entry = findPage(buildDocsIndex(ALL_DOCS, locale), url.searchParams.get('page'))?.page;
  if (!entry) return;
  try {
    await loadDocPage(entry.locale, entry.slug);
  } catch (error) {
    // The page shows its own error state and retry.
    console.error('Failed to preload the documentation page', error);
  }
}

/** The server renders the page with its Markdown already loaded, as the browser's first render does. */
export const prefetch: Prefetch = ({ url, locale }) => preload(url, locale);

function Pager({ previous, next }: { previous?: DocEntry; next?: DocEntry }) {
  const { t } = useTranslation('docs');
  const card =
    'flex min-h-16 flex-1 flex-col justify-center rounded-xl border border-slate-200 bg-white px-4 py-3 hover:border-indigo-300 hover:bg-indigo-50/40';
  return (
    <nav aria-label={t('pager')} className="mt-12 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row">
      {previous ? (
        <Link to={{ search: `?page=${previous.slug}` }} className={card}>
          <span className="flex items-center gap-1 text-xs font-medium text-slate-600">
            <ArrowLeft className="size-3.5 rtl:-scale-x-100" />
            {t('previous')}
          </span>
          <span className="font-semibold text-indigo-800">{previous.title}</span>
        </Link>
      ) : (
        <span className="hidden flex-1 sm:block" />
      )}
      {next && (
        <Link to={{ search: `?page=${next.slug}` }} className={`${card} sm:items-end sm:text-end`}>
          <span className="flex items-center gap-1 text-xs font-medium text-slate-600">
            {t('next')}
            <ArrowRight className="size-3.5 rtl:-scale-x-100" />
          </span>
          <span className="font-semibold text-indigo-800">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}

/** SPEC §2 Documentation: the Markdown pages of content/docs, one chosen with ?page=, grouped in a sidebar. */
export function DocumentationPage() {
  const { t } = useTranslation(['docs', 'translation']);
  const locale = useCurrentLocale();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('page');
  const groups = buildDocsIndex(ALL_DOCS, locale);
  const found = findPage(groups, requested);
  const entry = found?.page;

  const query = useQuery({
    queryKey: ['docs', entry?.locale, entry?.slug],
    queryFn: () => loadDocPage(entry?.locale ?? 'en', entry?.slug ?? ''),
    enabled: entry !== undefined,
    initialData: () => (entry ? loadedDocPage(entry.locale, entry.slug) : undefined),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  const page = query.data;

  const siteName = siteConfig.siteName;
  const pageTitle = entry ? `${entry.title} – ${t('meta.title')}` : t('notFound');
  useDocumentMeta(pageTitle, page?.description || t('meta.description', { siteName }));

  const all = flattenIndex(groups);
  const position = entry ? all.findIndex((item) => item.slug === entry.slug) : -1;

  let content: ReactNode;
  if (!entry) {
    content = (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-8">
        <FileQuestion className="size-10 text-indigo-700" />
        <h1 className="text-2xl font-bold text-slate-900">{t('notFound')}</h1>
        <p className="text-slate-700">{t('notFoundHint', { page: requested ?? '' })}</p>
        <Link to={{ search: '' }} className="font-semibold text-indigo-700 underline underline-offset-4">
          {t('startHere')}
        </Link>
      </div>
    );
  } else if (query.isError && !page) {
    content = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-8">
        <TriangleAlert className="size-10 text-amber-600" />
        <p className="text-lg font-semibold text-slate-900">{t('loadError')}</p>
        <Button onClick={() => void query.refetch()}>{t('translation:common.tryAgain')}</Button>
      </div>
    );
  } else if (!page) {
    content = <Spinner label={t('loading')} />;
  } else {
    content = (
      <div aria-busy={query.isPlaceholderData} className="max-w-3xl">
        <DocArticle page={page} locale={locale} />
        <Pager previous={all[position - 1]} next={all[position + 1]} />
      </div>
    );
  }

  return (
    <PageShell>
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 xl:grid-cols-[17rem_minmax(0,1fr)]">
        <DocsSidebar groups={groups} currentSlug={entry?.slug ?? null} currentTitle={entry?.title ?? null} />
        <div className="min-w-0">{content}</div>
      </div>
    </PageShell>
  );
}
