import { Filter, ShieldX, X } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminComment } from '../../../../common/moderation.js';
import { Button } from '../../../components/ui/button.js';
import { encodePathId } from '../../../lib/api-client.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { CommentBody } from '../../comments/components/comment-body.js';

interface AdminCommentCardProps {
  comment: AdminComment;
  dismissing: boolean;
  onRemove: () => void;
  onDismiss: () => void;
  onOnlyPaper: () => void;
  onOnlyAuthor: () => void;
}

/** One comment as a moderator reviews it: where and by whom, what it says, its open reports and the actions. */
export function AdminCommentCard({
  comment,
  dismissing,
  onRemove,
  onDismiss,
  onOnlyPaper,
  onOnlyAuthor,
}: AdminCommentCardProps) {
  const { t } = useTranslation(['admin-comments', 'comments']);
  const dates = useDates();
  const reported = comment.reports.length > 0;
  const paperLink = `/ai-digest/${encodePathId(comment.paperArxivId)}#comment-${comment.id}`;
  return (
    <article
      aria-labelledby={`admin-comment-${comment.id}`}
      className={`flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${reported ? 'border-amber-300' : 'border-slate-200'}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`admin-comment-${comment.id}`} className="font-semibold text-slate-900">
          {comment.userId === null ? (
            <span className="italic text-slate-600">{t('comments:deletedUser')}</span>
          ) : (
            <>
              <bdi>{comment.name}</bdi>{' '}
              <span className="text-sm font-normal text-slate-600" dir="ltr">
                {comment.authorEmail}
              </span>
            </>
          )}
        </h2>
        <time dateTime={comment.createdAt} className="text-sm text-slate-600">
          {dates.dateTime(comment.createdAt)}
        </time>
      </header>
      <p className="text-sm text-slate-700">
        <Link to={paperLink} className="text-indigo-700 underline underline-offset-4">
          {t('onPaper', { title: comment.paperTitle })}
        </Link>
      </p>
      <CommentBody html={comment.text} className="[&_img]:max-h-64 [&_img]:w-auto" />
      {reported && (
        <section className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
          <h3 className="font-semibold">{t('reports', { count: comment.reports.length })}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {comment.reports.map((report) => (
              <li key={report.id}>
                <p className="font-medium">{t(`comments:reasons.${report.reason}`)}</p>
                {report.text && (
                  <p dir="auto" className="[unicode-bidi:plaintext]">
                    {report.text}
                  </p>
                )}
                <p className="text-amber-900/80">
                  {t('reportedBy', { name: report.reporter.name, email: report.reporter.email })} ·{' '}
                  {dates.dateTime(report.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="danger" onClick={onRemove}>
          <ShieldX className="size-4" aria-hidden="true" />
          {t('comments:remove')}
        </Button>
        {reported && (
          <Button size="sm" aria-busy={dismissing} disabled={dismissing} onClick={onDismiss}>
            <X className="size-4" aria-hidden="true" />
            {dismissing ? t('dismissing') : t('dismiss')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onOnlyPaper}>
          <Filter className="size-4" aria-hidden="true" />
          {t('onlyThisPaper')}
        </Button>
        {comment.userId !== null && (
          <Button size="sm" variant="ghost" onClick={onOnlyAuthor}>
            <Filter className="size-4" aria-hidden="true" />
            {t('onlyThisAuthor')}
          </Button>
        )}
      </div>
    </article>
  );
}
