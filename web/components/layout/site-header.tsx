import { BookOpen, FileText, GitFork, Mail, Menu, Newspaper, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { AccountArea } from '../../features/auth/components/account-area.js';
import { useTranslation } from '../../lib/i18n.js';
import { useLocalizedAddress } from '../../lib/localized-links.js';
import { siteConfig } from '../../lib/site-config.js';
import { LanguageSwitcher } from '../ui/language-switcher.js';

const NAV_LINK =
  'inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-lg px-2 text-sm font-medium sm:px-2.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-indigo-700';
/** A row of the phone menu, a link of the row from the laptop width up. */
const NAV_MENU_ITEM =
  'inline-flex h-11 w-full items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium xl:h-9 xl:w-auto xl:gap-1.5 xl:px-2.5';
const NAV_MENU_LINK = `${NAV_MENU_ITEM} text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-indigo-700`;
/**
 * Contribute is an action (it writes a mail), not a place: a row like the others in the phone menu and an
 * outlined button with no fill in the row, so neither its colour nor a tint makes it look like the
 * current page.
 */
const CONTRIBUTE_LINK = `${NAV_MENU_ITEM} text-slate-700 hover:bg-slate-100 hover:text-slate-900 xl:ms-1 xl:border xl:border-indigo-300 xl:text-indigo-800 xl:hover:bg-indigo-50 xl:hover:text-indigo-900`;

/**
 * Blog, digest, documentation, source repository and Contribute: in a row from the desktop width (1280 px) up,
 * behind a Menu button below it (a phone or a laptop of 1024 px has no room for the row beside the
 * brand, the language and the account actions, in English or in Arabic).
 */
function PrimaryNav() {
  const { t } = useTranslation();
  const localized = useLocalizedAddress();
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  // An open menu closes on Escape (focus back on its button) and on a click or tap outside it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const subject = encodeURIComponent(t('site.nav.contributeSubject', { siteName: siteConfig.siteName }));
  return (
    <nav ref={navRef} aria-label={t('nav.primary')} className="relative col-start-1 row-start-2 min-w-0">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={`${NAV_LINK} border border-slate-300 xl:hidden`}
      >
        {open ? <X className="size-4 shrink-0" /> : <Menu className="size-4 shrink-0" />}
        {t('site.nav.menu')}
      </button>
      <ul
        id={listId}
        className={`${open ? 'absolute start-0 top-full z-40 mt-2 flex w-64 flex-col gap-0.5 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg' : 'hidden'} xl:static xl:mt-0 xl:flex xl:w-auto xl:flex-row xl:items-center xl:gap-1 xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none`}
      >
        <li>
          <NavLink to={localized('/blogs')} className={NAV_MENU_LINK} onClick={close}>
            <Newspaper className="size-4 shrink-0" />
            {t('site.nav.blog')}
          </NavLink>
        </li>
        <li>
          <NavLink to={localized('/ai-digest')} className={NAV_MENU_LINK} onClick={close}>
            <BookOpen className="size-4 shrink-0" />
            {t('nav.aiDigest')}
          </NavLink>
        </li>
        <li>
          <NavLink to={localized('/documentation')} className={NAV_MENU_LINK} onClick={close}>
            <FileText className="size-4 shrink-0" />
            {t('site.nav.docs')}
          </NavLink>
        </li>
        <li>
          <a
            href={siteConfig.repositoryUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={NAV_MENU_LINK}
            onClick={close}
          >
            <GitFork className="size-4 shrink-0" />
            {t('site.nav.source')}
            <span className="sr-only">{t('common.opensInNewTab')}</span>
          </a>
        </li>
        <li>
          <a href={`mailto:${siteConfig.contactEmail}?subject=${subject}`} className={CONTRIBUTE_LINK} onClick={close}>
            <Mail className="size-4 shrink-0" />
            {t('site.nav.contribute')}
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** Header of the digest pages: brand, navigation, language and the account corner. */
export function SiteHeader() {
  const localized = useLocalizedAddress();
  return (
    <header className="border-b border-slate-200 bg-white sm:sticky sm:top-0 sm:z-30 sm:bg-white/95 sm:backdrop-blur">
      {/* Phones: two rows (brand and language, then navigation and account); wider: one row. */}
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-4 py-2.5 sm:flex sm:gap-x-4 sm:px-6 sm:py-3 lg:px-8">
        <Link
          to={localized('/')}
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
        <PrimaryNav />
        <div className="col-start-2 row-start-1 justify-self-end sm:ms-auto">
          <LanguageSwitcher />
        </div>
        <div className="col-start-2 row-start-2 flex items-center gap-1.5 justify-self-end sm:gap-2">
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
