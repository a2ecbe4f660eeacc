import { EditorContent, useEditor } from '@tiptap/react';
import { type FormEvent, useId, useState } from 'react';
import { MAX_COMMENT_HTML_LENGTH } from '../../../../common/comment-rules.js';
import type { Comment } from '../../../../common/comments.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { commentEditorExtensions, isBlankComment, refusalKey } from '../comment-editor.js';
import { usePostComment } from '../use-comment-mutations.js';
import { EditorToolbar } from './editor-toolbar.js';
import { useImageDescription } from './image-description-dialog.js';

export interface CommentComposerProps {
  paperId: number;
  onPosted: (comment: Comment) => void;
}

const EDITABLE =
  'min-h-28 px-3 py-2 leading-7 text-slate-900 outline-none [&>*+*]:mt-2 [&_p]:[unicode-bidi:plaintext] [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_img]:max-w-full [&_img]:rounded-lg [&_a]:text-indigo-700 [&_a]:underline';

/** The rich-text editor of a signed-in reader, its toolbar, and Post. */
export function CommentComposer({ paperId, onPosted }: CommentComposerProps) {
  const { t } = useTranslation('comments');
  const editorId = useId();
  const labelId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const imageDescription = useImageDescription();
  const posting = usePostComment(paperId);
  const editor = useEditor({
    extensions: commentEditorExtensions,
    editorProps: {
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        dir: 'auto',
        class: EDITABLE,
      },
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (posting.pending || isBlankComment(editor)) return;
    const html = editor.getHTML();
    if (html.length > MAX_COMMENT_HTML_LENGTH) return setProblem(t('editor.tooLong'));
    setProblem(null);
    try {
      const comment = await posting.run(html);
      editor.commands.clearContent(true);
      onPosted(comment);
    } catch (error) {
      logUnexpected('Failed to post the comment', error);
      setProblem(t(`editor.${refusalKey(error, 'postFailed')}`));
    }
  };

  // The dialog stays out of the form: it holds a form of its own.
  return (
    <>
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <p id={labelId} className="font-medium text-slate-900">
          {t('editor.label')}
        </p>
        <div className="rounded-xl border border-slate-300 focus-within:border-indigo-600 focus-within:ring-1 focus-within:ring-indigo-600">
          <EditorToolbar
            editor={editor}
            editorId={editorId}
            describeImage={imageDescription.describe}
            onImageProblem={setProblem}
          />
          <EditorContent editor={editor} />
        </div>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={posting.pending}>
            {posting.pending ? t('editor.posting') : t('editor.post')}
          </Button>
        </div>
      </form>
      {imageDescription.dialog}
    </>
  );
}
