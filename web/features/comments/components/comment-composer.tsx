import type { Comment } from '../../../../common/comments.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useEditComment, usePostComment } from '../use-comment-mutations.js';
import { CommentEditorForm } from './comment-editor-form.js';

export interface CommentComposerProps {
  paperId: number;
  onPosted: (comment: Comment) => void;
}

/** The rich-text editor of a signed-in reader, its toolbar, and Post. */
export function CommentComposer({ paperId, onPosted }: CommentComposerProps) {
  const { t } = useTranslation('comments');
  const posting = usePostComment(paperId);
  return (
    <CommentEditorForm
      label={t('editor.label')}
      submitLabel={t('editor.post')}
      pendingLabel={t('editor.posting')}
      pending={posting.pending}
      failure="postFailed"
      clearOnDone
      onSubmit={async (html) => onPosted(await posting.run(html))}
    />
  );
}

export interface CommentEditFormProps {
  comment: Comment;
  /** The edit was saved, or given up. */
  onDone: () => void;
}

/** An author's comment in the editor it was written in, with Save and Cancel (one chunk with the composer). */
export function CommentEditForm({ comment, onDone }: CommentEditFormProps) {
  const { t } = useTranslation('comments');
  const editing = useEditComment(comment.paperId);
  return (
    <CommentEditorForm
      label={t('editor.editLabel')}
      initialHtml={comment.text}
      submitLabel={t('editor.save')}
      pendingLabel={t('editor.saving')}
      pending={editing.pending}
      failure="editFailed"
      onSubmit={async (text) => {
        await editing.run({ id: comment.id, text });
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
