import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

/** /404 and every unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <PageShell>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <SearchX className="size-12 text-indigo-700" />
        <p className="text-5xl font-extrabold text-indigo-700">404</p>
        <h1 className="text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
        <p className="text-lg text-slate-700">{t('notFound.message')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClasses('primary')}>
            {t('notFound.home')}
          </Link>
          <Link to="/ai-digest" className={buttonClasses('secondary')}>
            {t('nav.aiDigest')}
          </Link>
        </div>
      </section>
    </PageShell>
  );
}
