import { EditorContent, useEditor } from '@tiptap/react';
import { type FormEvent, useId, useState } from 'react';
import { MAX_COMMENT_HTML_LENGTH } from '../../../../common/comment-rules.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { commentEditorExtensions, isBlankComment, refusalKey } from '../comment-editor.js';
import { EditorToolbar } from './editor-toolbar.js';
import { useImageDescription } from './image-description-dialog.js';

const EDITABLE =
  'min-h-28 px-3 py-2 leading-7 text-slate-900 outline-none [&>*+*]:mt-2 [&_p]:[unicode-bidi:plaintext] [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_img]:max-w-full [&_img]:rounded-lg [&_a]:text-indigo-700 [&_a]:underline';

export interface CommentEditorFormProps {
  /** The editor's name, shown above it. */
  label: string;
  /** What the editor starts with: a comment's HTML when editing it. */
  initialHtml?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** What is said when the server refuses for no reason the reader can act on. */
  failure: 'postFailed' | 'editFailed';
  /** Sends the HTML; the form is emptied once it resolves when `clearOnDone`. */
  onSubmit: (html: string) => Promise<unknown>;
  clearOnDone?: boolean;
  /** Offered as Cancel when given. */
  onCancel?: () => void;
}

/** The rich-text editor, its toolbar and its buttons: a new comment's, or an edited one's. */
export function CommentEditorForm({
  label,
  initialHtml,
  submitLabel,
  pendingLabel,
  pending,
  failure,
  onSubmit,
  clearOnDone = false,
  onCancel,
}: CommentEditorFormProps) {
  const { t } = useTranslation('comments');
  const editorId = useId();
  const labelId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const imageDescription = useImageDescription();
  const editor = useEditor({
    extensions: commentEditorExtensions,
    content: initialHtml,
    // An opened comment takes the focus at its end, where the author goes on typing; the item is in view already.
    onCreate: ({ editor: created }) => {
      if (initialHtml !== undefined) created.commands.focus('end', { scrollIntoView: false });
    },
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
    if (pending || isBlankComment(editor)) return;
    const html = editor.getHTML();
    if (html.length > MAX_COMMENT_HTML_LENGTH) return setProblem(t('editor.tooLong'));
    setProblem(null);
    try {
      await onSubmit(html);
      if (clearOnDone) editor.commands.clearContent(true);
    } catch (error) {
      logUnexpected(`The comment could not be sent (${failure})`, error);
      setProblem(t(`editor.${refusalKey(error, failure)}`));
    }
  };

  // The dialog stays out of the form: it holds a form of its own.
  return (
    <>
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <p id={labelId} className="font-medium text-slate-900">
          {label}
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
        <div className="flex justify-end gap-2">
          {onCancel && (
            <Button type="button" disabled={pending} onClick={onCancel}>
              {t('editor.cancel')}
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
      {imageDescription.dialog}
    </>
  );
}
