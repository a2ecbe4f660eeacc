import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { ComingSoonRouteName } from '../../common/routes.js';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { useDocumentTitle } from '../lib/document-title.js';

/** The router's handle names the route; a coming-soon route is titled `pages.<its name>`. */
function isComingSoonHandle(handle: unknown): handle is { routeName: ComingSoonRouteName } {
  return typeof handle === 'object' && handle !== null && 'routeName' in handle;
}

/** One page for every route a later issue builds; the route's handle names the page. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle;
  const title = isComingSoonHandle(handle) ? t(`pages.${handle.routeName}`) : null;
  useDocumentTitle(title);
  return (
    <PageShell>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <Construction className="size-12 text-indigo-700" />
        {title && <h1 className="text-3xl font-bold text-slate-900">{title}</h1>}
        <p className="text-lg text-slate-700">{t('comingSoon.message')}</p>
        <Link to="/ai-digest" className={buttonClasses('primary')}>
          {t('comingSoon.browseDigest')}
        </Link>
      </section>
    </PageShell>
  );
}
