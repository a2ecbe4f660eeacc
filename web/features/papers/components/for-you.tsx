import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookHeart, LogIn, Telescope } from 'lucide-react';
import { type ReactNode, use, useEffect } from 'react';
import { Link } from 'react-router';
import type { RecommendedPaper } from '../../../../common/recommendations.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { ENGLISH_TEXT } from '../../../lib/arabic.js';
import { loadNamespaces, useTranslation } from '../../../lib/i18n.js';
import { useLocalizedAddress } from '../../../lib/localized-links.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { useAuth } from '../../auth/auth-store.js';
import { type DigestListPosition, digestListPath, rememberOpeningFromList } from '../navigation-state.js';
import { recommendationKeys, recommendationsQueryOptions } from '../recommendations-api.js';
import { PapersLoadError } from './list-states.js';

interface ForYouProps {
  /** Where the digest is: For you, and the list's category to go back to. */
  position: DigestListPosition;
  /** The signed-in reader, once the server has confirmed the sign-in; null for a visitor. */
  readerId: number | null;
  /** The cards as the list shows them, not busy, each with its note. */
  renderPapers: (
    papers: RecommendedPaper[],
    busy: boolean,
    noteOf: (paper: RecommendedPaper) => ReactNode,
  ) => ReactNode;
}

// The texts load with the code, once the reader chooses For you: the list's first download stays as it was.
const textsLoaded = loadNamespaces(['recommendations']);

/** Stands for the saved paper's title in the note's text, where the title then goes in a link of its own. */
const TITLE_MARK = '\u0000';
/** The link's words in the text, between <authenticate> and </authenticate>. */
const LINK_MARKS = /^(.*)<authenticate>(.*)<\/authenticate>(.*)$/s;

/** "Because you saved “<title>”", the title in English (as every title is) and a link to that paper. */
function BecauseYouSaved({ paper, position }: { paper: RecommendedPaper; position: DigestListPosition }) {
  const { t } = useTranslation('recommendations');
  const localized = useLocalizedAddress();
  const [before, after] = t('becauseYouSaved', { title: TITLE_MARK }).split(TITLE_MARK);
  return (
    <p className="flex items-start gap-1.5 text-sm font-medium text-indigo-800">
      <BookHeart className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        {before}
        <Link
          to={localized(`/ai-digest/${paper.because.arxivId}`)}
          // The way back from the saved paper returns to this card.
          onClick={() => rememberOpeningFromList(position, paper.arxivId)}
          {...ENGLISH_TEXT}
          className="underline underline-offset-2 hover:text-indigo-950"
        >
          {paper.because.title}
        </Link>
        {after}
      </span>
    </p>
  );
}

function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      {icon}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

/** `state` is /authenticate's: the page to come back to once signed in. */
function SignInInvitation({ state }: { state: { redirectTo: string } }) {
  const { t } = useTranslation('recommendations');
  const [, before = '', words = '', after = ''] = LINK_MARKS.exec(t('signIn.text')) ?? [];
  return (
    <EmptyState icon={<LogIn className="mb-1 size-10 text-slate-500" aria-hidden="true" />} title={t('signIn.title')}>
      <p className="max-w-md text-slate-600">
        {before}
        <Link
          to="/authenticate"
          state={state}
          className="font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900"
        >
          {words}
        </Link>
        {after}
      </p>
    </EmptyState>
  );
}

/**
 * The digest's For you view: papers like the ones the reader saved, in place of the list, each saying
 * which saved paper it is most like; what to do when there are none; for a visitor, or a reader whose
 * session has ended, an invitation to sign in.
 */
export function ForYou({ position, readerId, renderPapers }: ForYouProps) {
  use(textsLoaded);
  // 'unknown' until the server has confirmed the sign-in or not.
  const { status } = useAuth();
  const { t } = useTranslation('recommendations');
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery(recommendationsQueryOptions(readerId));
  const signedOut = error instanceof ApiRequestError && error.status === 401;

  // When the sign-in changes, every other reader's recommendations leave the cache.
  useEffect(() => {
    queryClient.removeQueries({
      queryKey: recommendationKeys.all,
      predicate: ({ queryKey }) => queryKey[2] !== readerId,
    });
  }, [queryClient, readerId]);
  useEffect(() => {
    if (error && !signedOut) logUnexpected('Error loading recommendations', error);
  }, [error, signedOut]);

  // The loading state holds a screen's height, as the list's does.
  if (status === 'unknown' || (readerId !== null && isPending))
    return (
      <div className="min-h-svh">
        <Spinner label={t('loading')} />
      </div>
    );
  if (readerId === null || signedOut)
    return <SignInInvitation state={{ redirectTo: digestListPath(position, null) }} />;
  if (!data) return <PapersLoadError message={t('loadError')} onRetry={() => refetch()} />;
  if (data.papers.length === 0) {
    if (data.reason === 'no_bookmarks')
      return (
        <EmptyState
          icon={<BookHeart className="mb-1 size-10 text-slate-500" aria-hidden="true" />}
          title={t('noBookmarks.title')}
        >
          <p className="max-w-md text-slate-600">{t('noBookmarks.text')}</p>
          <Link
            to={digestListPath({ ...position, page: 1, sort: 'newest' }, null)}
            className={buttonClasses('primary', 'md', 'mt-2')}
          >
            {t('noBookmarks.action')}
          </Link>
        </EmptyState>
      );
    return (
      <EmptyState
        icon={<Telescope className="mb-1 size-10 text-slate-500" aria-hidden="true" />}
        title={t('nothingAlike.title')}
      >
        <p className="max-w-md text-slate-600">{t('nothingAlike.text')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">{t('intro')}</p>
      {renderPapers(data.papers, false, (paper) => (
        <BecauseYouSaved paper={paper} position={position} />
      ))}
    </>
  );
}
