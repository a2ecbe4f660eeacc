import type { Comment } from '../../../../common/comments.js';
import { useTranslation } from '../../../lib/i18n.js';
import { usePostComment } from '../use-comment-mutations.js';
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
