import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { Button } from '../components/ui/button.js';
import { Spinner } from '../components/ui/spinner.js';
import { commentQueryOptions } from '../features/comments/api.js';
import { commentAnchor } from '../features/comments/share.js';
import { paperDetailQueryOptions, paperKeys } from '../features/papers/api.js';
import { ApiRequestError } from '../lib/api-client.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

const COMMENT_ID = /^[1-9]\d{0,9}$/;

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.isNotFound;

/**
 * /comments/comment/{id}, the link a comment's Share gives: finds the comment's paper and opens its
 * page at the comment (#comment-{id}), which the page scrolls to and highlights. An unknown comment,
 * or one whose paper is gone, goes to /404.
 */
export function CommentLinkPage() {
  const { t } = useTranslation('comments');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const param = useParams().id ?? '';
  const id = COMMENT_ID.test(param) ? Number(param) : null;

  const comment = useQuery({ ...commentQueryOptions(id ?? 0), enabled: id !== null });
  const paperRef = comment.data ? String(comment.data.paperId) : '';
  const paper = useQuery({ ...paperDetailQueryOptions(paperRef), enabled: paperRef !== '' });
  const notFound = id === null || isNotFound(comment.error) || isNotFound(paper.error);
  const failure = notFound ? null : (comment.error ?? paper.error);

  useEffect(() => {
    if (notFound) {
      navigate('/404', { replace: true });
    } else if (paper.data && id !== null) {
      // The paper page finds the paper at once under its arXiv id.
      queryClient.setQueryData(paperKeys.detail(paper.data.arxivId), paper.data);
      navigate(`/ai-digest/${paper.data.arxivId}#${commentAnchor(id)}`, { replace: true });
    }
  }, [notFound, paper.data, id, navigate, queryClient]);

  useEffect(() => {
    if (failure) logUnexpected('Failed to open the comment', failure);
  }, [failure]);

  return (
    <PageShell>
      {failure ? (
        <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 py-14 text-center">
          <TriangleAlert className="size-10 text-amber-600" />
          <h1 className="text-2xl font-bold text-slate-900">{t('link.failed')}</h1>
          <Button onClick={() => void (comment.error ? comment.refetch() : paper.refetch())}>
            {tCommon('common.tryAgain')}
          </Button>
        </div>
      ) : (
        <Spinner label={t('link.opening')} showLabel />
      )}
    </PageShell>
  );
}
