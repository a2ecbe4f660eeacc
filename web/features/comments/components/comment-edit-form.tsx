import type { Comment } from '../../../../common/comments.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useEditComment } from '../use-comment-mutations.js';
import { CommentEditorForm } from './comment-editor-form.js';

export interface CommentEditFormProps {
  comment: Comment;
  /** The edit was saved, or given up. */
  onDone: () => void;
}

/** An author's comment in the editor it was written in, with Save and Cancel. */
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
