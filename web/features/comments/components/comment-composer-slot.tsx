import { lazy, Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.js';
import { useNearViewport } from '../use-near-viewport.js';
import type { CommentComposerProps } from './comment-composer.js';

/** A visitor's place of the editor: 'Please sign in to write a comment.', the words 'sign in' a link. */
export function SignInPrompt({ state }: { state?: unknown }) {
  const { t } = useTranslation('comments');
  return (
    <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-700">
      <Trans
        t={t}
        i18nKey="signInToComment"
        components={{
          // Not 'link', which Trans takes for the void HTML element and would leave empty.
          authenticate: (
            <Link
              to="/authenticate"
              state={state}
              className="font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900"
            />
          ),
        }}
      />
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
