import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { useHydrated } from '../../../lib/ssr.js';
import type { CommentsPanelProps } from './comments-panel.js';

function PanelLoadFailed() {
  const { t } = useTranslation('comments');
  return (
    <p role="alert" className="text-slate-700">
      {t('loadError')}
    </p>
  );
}

/**
 * The list, its sanitiser and its controls load once the page is in the browser: comments are not
 * part of the server's HTML, and their code stays out of the paper page's first download.
 */
const CommentsPanel = lazy(() =>
  import('./comments-panel.js').then(
    (module) => ({ default: module.CommentsPanel }),
    (error: unknown) => {
      logUnexpected('Failed to load the comments', error);
      return { default: PanelLoadFailed };
    },
  ),
);

/**
 * A paper's comments, with the editor for a signed-in reader; `#comment-{id}` picks one out. The list
 * loads once `load` is set (the paper page sets it when the reader nears it).
 */
export function CommentsSection({ load, ...props }: CommentsPanelProps & { load: boolean }) {
  const { t } = useTranslation('comments');
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="comments-title" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="comments-title" className="text-xl font-bold text-slate-900">
        {t('title')}
      </h2>
      {hydrated && load && (
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <CommentsPanel {...props} />
        </Suspense>
      )}
    </section>
  );
}
