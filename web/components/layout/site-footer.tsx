import { Code } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.js';
import { useLocalizedAddress } from '../../lib/localized-links.js';
import { siteConfig } from '../../lib/site-config.js';

const FOOTER_LINK =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-slate-700 underline-offset-4 hover:text-indigo-800 hover:underline';

/** Footer of every page: the documentation, the privacy policy, the source repository and the copyright line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const localized = useLocalizedAddress();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="text-sm text-slate-600">
          {t('site.footer.copyright', { year: String(year), siteName: siteConfig.siteName })}
        </p>
        <nav aria-label={t('site.footer.label')}>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <li>
              <Link to={localized('/documentation')} className={FOOTER_LINK}>
                {t('site.footer.docs')}
              </Link>
            </li>
            <li>
              <Link to={localized('/privacy-policy')} className={FOOTER_LINK}>
                {t('site.footer.privacy')}
              </Link>
            </li>
            <li>
              <a href={siteConfig.repositoryUrl} target="_blank" rel="noopener noreferrer" className={FOOTER_LINK}>
                <Code className="size-4" />
                {t('site.footer.source')}
                <span className="sr-only">{t('common.opensInNewTab')}</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
