import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { siteConfig } from '../../lib/site-config.js';
import { buttonClasses } from '../ui/button.js';
import { LanguageSwitcher } from '../ui/language-switcher.js';

const NAV_LINK =
  'inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-lg px-2 text-sm font-medium sm:px-2.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-indigo-700';

/** Header of the digest pages. Accounts come later, so it shows the signed-out actions. */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white sm:sticky sm:top-0 sm:z-30 sm:bg-white/95 sm:backdrop-blur">
      {/* Phones: two rows (brand and language, then navigation and account); wider: one row. */}
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-4 py-2.5 sm:flex sm:gap-x-4 sm:px-6 sm:py-3 lg:px-8">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 self-center justify-self-start rounded-lg text-lg font-bold text-slate-900"
        >
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-lg bg-indigo-700 text-white"
          >
            {siteConfig.siteName.charAt(0).toUpperCase()}
          </span>
          <span className="truncate">{siteConfig.siteName}</span>
        </Link>
        <nav aria-label={t('nav.primary')} className="col-start-1 row-start-2 -ms-2 min-w-0 sm:ms-0">
          <NavLink to="/ai-digest" className={NAV_LINK}>
            <BookOpen className="size-4 shrink-0" />
            {t('nav.aiDigest')}
          </NavLink>
        </nav>
        <div className="col-start-2 row-start-1 justify-self-end sm:ms-auto">
          <LanguageSwitcher />
        </div>
        <div className="col-start-2 row-start-2 flex items-center gap-1.5 justify-self-end sm:gap-2">
          <Link to="/authenticate" className={buttonClasses('ghost', 'sm')}>
            {t('nav.signIn')}
          </Link>
          <Link to="/authenticate?register" className={buttonClasses('primary', 'sm')}>
            {t('nav.register')}
          </Link>
        </div>
      </div>
    </header>
  );
}
