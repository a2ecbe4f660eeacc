import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { useDocumentTitle } from '../lib/document-title.js';
import type en from '../locales/en.json';

export type PageTitleKey = keyof typeof en.pages;

function isPageTitleHandle(handle: unknown): handle is { titleKey: PageTitleKey } {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** One page for every route a later issue builds; the route's handle names the page. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle;
  const title = isPageTitleHandle(handle) ? t(`pages.${handle.titleKey}`) : null;
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
