import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { siteConfig } from '../lib/site-config.js';

/** A simple home until the marketing page arrives: the product name and the way to the digest. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  return (
    <PageShell>
      <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 py-16 text-center sm:py-24">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{siteConfig.siteName}</h1>
        <p className="text-lg text-slate-700 sm:text-xl">{t('home.intro')}</p>
        <Link to="/ai-digest" className={buttonClasses('primary', 'md', 'h-12 px-6 text-base')}>
          {t('home.exploreDigest')}
          <ArrowRight className="size-5 rtl:-scale-x-100" />
        </Link>
      </section>
    </PageShell>
  );
}
