import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useNearViewport } from '../../../lib/use-near-viewport.js';
import type { CommentComposerProps, CommentEditFormProps } from './comment-composer.js';

/** The link's words in the text, between <authenticate> and </authenticate>. */
const LINK_MARKS = /^(.*)<authenticate>(.*)<\/authenticate>(.*)$/s;

/**
 * A visitor's place of the editor: 'Please sign in to write a comment.', the words 'sign in' a link.
 */
export function SignInPrompt({ state }: { state?: unknown }) {
  const { t } = useTranslation('comments');
  const [, before = '', words = '', after = ''] = LINK_MARKS.exec(t('signInToComment')) ?? [];
  return (
    <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-700">
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
  );
}

function EditorLoadFailed() {
  const { t } = useTranslation('comments');
  return (
    <p role="alert" className="text-slate-700">
      {t('editor.loadFailed')}
    </p>
  );
}

/** The editor (TipTap, heavier than the rest of the page) loads only for a signed-in reader who comes near it. */
const CommentComposer = lazy(() =>
  import('./comment-composer.js').then(
    (module) => ({ default: module.CommentComposer }),
    (error: unknown) => {
      console.error('Failed to load the comment editor', error);
      return { default: EditorLoadFailed };
    },
  ),
);

/** The same editor, holding a comment its author edits. */
const CommentEditForm = lazy(() =>
  import('./comment-composer.js').then(
    (module) => ({ default: module.CommentEditForm }),
    (error: unknown) => {
      console.error('Failed to load the comment editor', error);
      return { default: EditorLoadFailed };
    },
  ),
);

function EditorPlaceholder() {
  const { t } = useTranslation('comments');
  return (
    <div className="min-h-44 rounded-xl border border-slate-200">
      <Spinner label={t('editor.loading')} />
    </div>
  );
}

export function CommentComposerSlot(props: CommentComposerProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<EditorPlaceholder />}>
          <CommentComposer {...props} />
        </Suspense>
      ) : (
        <EditorPlaceholder />
      )}
    </div>
  );
}

/** An author's comment in the editor, loaded when they choose Edit. */
export function CommentEditSlot(props: CommentEditFormProps) {
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <CommentEditForm {...props} />
    </Suspense>
  );
}
