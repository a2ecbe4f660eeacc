import { useQuery } from '@tanstack/react-query';
import { FileSearch, TriangleAlert } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { parseArxivId } from '../../common/arxiv-id.js';
import { HydratedApart } from '../components/layout/hydrated-apart.js';
import { PageShell } from '../components/layout/page-shell.js';
import { Button } from '../components/ui/button.js';
import { ScrollIndicator } from '../components/ui/scroll-indicator.js';
import { Spinner } from '../components/ui/spinner.js';
import { useAuth, useSignedInReader } from '../features/auth/auth-store.js';
import type { RedirectState } from '../features/auth/navigation.js';
import { CiteButton } from '../features/citations/components/cite-button.js';
import { CommentsSection } from '../features/comments/components/comments-section.js';
import { commentIdOfHash } from '../features/comments/share.js';
import { paperDetailQueryOptions } from '../features/papers/api.js';
import { BackToListLink } from '../features/papers/components/back-to-list-link.js';
import { PaperDetail } from '../features/papers/components/paper-detail.js';
import { RelatedPapers } from '../features/papers/components/related-papers.js';
import { ApiRequestError } from '../lib/api-client.js';
import { useDocumentMeta } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';
import type { Prefetch } from '../lib/ssr.js';
import { useNearViewport } from '../lib/use-near-viewport.js';

// Only readers have bookmarks: the toggle's code loads for them alone, off the page's first download.
const PaperBookmarkToggle = lazy(
  async (): Promise<{ default: ComponentType<{ readerId: number; arxivId: string }> }> => {
    try {
      return {
        default: (await import('../features/bookmarks/components/paper-bookmark-toggle.js')).PaperBookmarkToggle,
      };
    } catch (error) {
      logUnexpected('Failed to load the bookmark toggle', error);
      return { default: () => null };
    }
  },
);

export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const arxivId = parseArxivId(params['*'] ?? '')?.arxivId;
  if (arxivId) await queryClient.prefetchQuery(paperDetailQueryOptions(arxivId));
};

interface PaperProblemProps {
  icon: ReactNode;
  title: string;
  message: string;
  children?: ReactNode;
}

function PaperProblem({ icon, title, message, children }: PaperProblemProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center"
    >
      {icon}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{message}</p>
      {children}
    </div>
  );
}

/** A paper's comments: the reader, once known, decides between the editor and the sign-in prompt. */
function PaperComments({ paperId, load }: { paperId: number; load: boolean }) {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  return (
    <CommentsSection
      paperId={paperId}
      load={load}
      viewer={status === 'unknown' && !user ? undefined : user}
      signInState={{ redirectTo: pathname } satisfies RedirectState}
    />
  );
}

/**
 * What lies below the paper: its related papers and its comments. Their requests, the comments' code
 * and their drawing wait until the reader nears them (or the address names a comment), so a reader
 * arriving on the page gets the paper without that work competing for a phone's processor.
 */
function BelowThePaper({ arxivId, paperId }: { arxivId: string; paperId: number }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { hash } = useLocation();
  const load = near || commentIdOfHash(hash) !== null;
  return (
    <div ref={ref} className="space-y-6">
      <RelatedPapers arxivId={arxivId} enabled={load} />
      <PaperComments paperId={paperId} load={load} />
    </div>
  );
}

/** The paper page: /ai-digest/{arxivId}, where an old-style id holds a slash (math/9501234). */
export function PaperPage() {
  const { t } = useTranslation();
  const arxivId = parseArxivId(useParams()['*'] ?? '')?.arxivId ?? null;
  const { readerId, isAdmin } = useSignedInReader();
  const {
    data: paper,
    error,
    isPending,
    refetch,
  } = useQuery({
    ...paperDetailQueryOptions(arxivId ?? ''),
    enabled: arxivId !== null,
  });
  const notFound = arxivId === null || (error instanceof ApiRequestError && error.isNotFound);

  useEffect(() => {
    if (error && !notFound) logUnexpected('Failed to fetch paper', error);
  }, [error, notFound]);

  let title: string = t('digest.title');
  if (paper) title = paper.title;
  else if (notFound) title = t('paper.notFound');
  useDocumentMeta(title, paper?.summary?.Paper_one_line || paper?.abstract.slice(0, 200) || t('digest.tagline'));

  let content: ReactNode;
  if (notFound) {
    content = (
      <PaperProblem
        icon={<FileSearch className="size-10 text-slate-500" />}
        title={t('paper.notFound')}
        message={t('paper.notFoundHint')}
      />
    );
  } else if (error) {
    content = (
      <PaperProblem
        icon={<TriangleAlert className="size-10 text-amber-600" />}
        title={t('paper.fetchFailed')}
        message={t('paper.fetchFailedHint')}
      >
        <Button onClick={() => void refetch()}>{t('common.tryAgain')}</Button>
      </PaperProblem>
    );
  } else if (isPending || !paper) {
    content = <Spinner label={t('paper.loading')} showLabel />;
  } else {
    content = (
      <>
        <PaperDetail
          paper={paper}
          editable={isAdmin}
          actions={
            <>
              <CiteButton arxivId={paper.arxivId} />
              {readerId !== null && (
                <Suspense fallback={null}>
                  <PaperBookmarkToggle readerId={readerId} arxivId={paper.arxivId} />
                </Suspense>
              )}
            </>
          }
        />
        <HydratedApart>
          <BelowThePaper arxivId={paper.arxivId} paperId={paper.id} />
        </HydratedApart>
      </>
    );
  }

  return (
    <PageShell>
      <div className="mx-auto max-w-3xl space-y-6">
        <BackToListLink />
        {content}
      </div>
      {paper && <ScrollIndicator />}
    </PageShell>
  );
}
