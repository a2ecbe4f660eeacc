import { Flag, Pencil, ShieldX, Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import type { Comment } from '../../../../common/comments.js';
import { Button } from '../../../components/ui/button.js';
import { elapsedSince, useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { commentAnchor } from '../share.js';
import { CommentBody } from './comment-body.js';
import { CommentEditSlot } from './comment-composer-slot.js';
import { CommentShareMenu } from './comment-share-menu.js';

/** Under a minute old: "just now" reads better than "0 minutes ago". */
function isFresh(createdAt: string, now: number): boolean {
  const { unit, count } = elapsedSince(createdAt, now);
  return unit === 'minute' && count === 0;
}

interface CommentItemProps {
  comment: Comment;
  now: number;
  /** The reader wrote it: only they see Share, Edit and Delete. */
  isAuthor: boolean;
  /** Its author edits it: the editor takes its place. */
  editing?: boolean;
  /** Opens the editor (true) or closes it (false). */
  onEditing?: (editing: boolean) => void;
  /** The comment a shared link points at. */
  highlighted: boolean;
  itemRef?: Ref<HTMLLIElement>;
  onDelete: () => void;
  /** Offered to signed-in readers on others' comments. */
  onReport?: () => void;
  /** Offered to administrators on others' comments. */
  onRemove?: () => void;
}

/** What its author sees of a comment a moderator removed: that it was, and why. */
function RemovalNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation('comments');
  return (
    <div className="mt-2 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <ShieldX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t('removed.notice')}</p>
        {reason && (
          <p dir="auto" className="[unicode-bidi:plaintext]">
            {/* Isolated, so that a reason in the other language keeps its own direction and full stop. */}
            {t('removed.reason', { reason: `\u2068${reason}\u2069` })}
          </p>
        )}
        <p>{t('removed.onlyYou')}</p>
      </div>
    </div>
  );
}

export function CommentItem({
  comment,
  now,
  isAuthor,
  editing = false,
  onEditing,
  highlighted,
  itemRef,
  onDelete,
  onReport,
  onRemove,
}: CommentItemProps) {
  const { t } = useTranslation('comments');
  const dates = useDates();
  const ago = (iso: string) => (isFresh(iso, now) ? t('justNow') : dates.timeAgo(iso, now));
  return (
    <li
      id={commentAnchor(comment.id)}
      ref={itemRef}
      tabIndex={-1}
      data-highlighted={highlighted || undefined}
      className={`scroll-mt-24 rounded-xl border border-slate-200 p-4 outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ${
        highlighted
          ? 'animate-comment-highlight motion-reduce:animate-none motion-reduce:ring-4 motion-reduce:ring-amber-400'
          : ''
      }`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className={comment.userId === null ? 'italic text-slate-600' : 'font-semibold text-slate-900'}>
          <bdi>{comment.userId === null ? t('deletedUser') : comment.name}</bdi>
        </p>
        <p className="text-sm text-slate-600">
          <time dateTime={comment.createdAt} title={dates.dateTime(comment.createdAt)}>
            {ago(comment.createdAt)}
          </time>
          {comment.editedAt && (
            <>
              {' · '}
              <time dateTime={comment.editedAt} title={dates.dateTime(comment.editedAt)}>
                {t('edited', { ago: ago(comment.editedAt) })}
              </time>
            </>
          )}
        </p>
      </div>
      {comment.removal && <RemovalNotice reason={comment.removal.reason} />}
      {editing && onEditing ? (
        <div className="mt-3">
          <CommentEditSlot comment={comment} onDone={() => onEditing(false)} />
        </div>
      ) : (
        <CommentBody
          html={comment.text}
          removed={comment.removal !== undefined}
          className={`mt-2 ${comment.removal ? 'opacity-70' : ''}`}
        />
      )}
      {isAuthor && !editing && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!comment.removal && <CommentShareMenu commentId={comment.id} />}
          {!comment.removal && onEditing && (
            <Button size="sm" variant="ghost" onClick={() => onEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" />
              {t('edit')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onDelete}>
            <Trash2 className="size-4 text-red-700" />
            {t('delete')}
          </Button>
        </div>
      )}
      {(onReport || onRemove) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {onReport && (
            <Button size="sm" variant="ghost" onClick={onReport}>
              <Flag className="size-4" aria-hidden="true" />
              {t('report')}
            </Button>
          )}
          {onRemove && (
            <Button size="sm" variant="ghost" onClick={onRemove}>
              <ShieldX className="size-4 text-red-700" aria-hidden="true" />
              {t('remove')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
